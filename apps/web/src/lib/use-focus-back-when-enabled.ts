import { useEffect } from 'react';

/** Whether the keyboard focus is nowhere in particular: on the page itself. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * Puts the keyboard focus back on a control that lost it by being disabled while its request
 * ran, once it is enabled again; unless the shopper has focused something else meanwhile. A
 * browser drops the focus of a control that becomes disabled to the page (MUI's `loading`
 * buttons do that: Add, Add to cart, Buy Now, Continue), and the next key press would go
 * nowhere. Controls of our own wait with `aria-disabled` instead and keep it (`BusyButton`).
 */
export function useFocusBackWhenEnabled(): void {
  useEffect(() => {
    // The element that last had the focus, and the one disabled while it had it.
    let focused: Element | null = document.activeElement;
    let waiting: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
      waiting = null;
    };
    const observer = new MutationObserver((mutations) => {
      for (const { target, oldValue } of mutations) {
        if (!(target instanceof HTMLElement)) continue;
        // Records come in batches: what each one did is in its old value, not in the element now.
        if (oldValue === null) {
          if (target === focused) waiting = target;
        } else if (target === waiting && !target.hasAttribute('disabled')) {
          waiting = null;
          if (target.isConnected && focusIsLost()) target.focus();
        }
      }
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'], attributeOldValue: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
