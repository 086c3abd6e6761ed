// Storage can be unavailable (privacy modes, sandboxed frames): reading it must never crash the shop.

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored that we could remove.
  }
}
