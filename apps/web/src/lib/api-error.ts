/**
 * The `message` of an API error answer (`{ message, code }`), or `null` when the request got no
 * such answer (network failure, a 5xx page).
 */
export function errorMessageOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'data' in error) {
    const { data } = error;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message !== '') {
      return data.message;
    }
  }
  return null;
}

/** The `code` of an API error answer (`{ message, code }`), or `null` when it has none: one reader in the contracts. */
export { errorCodeOf } from '@dukkan/contracts/errors';

/** The HTTP status of a failed request when the server answered it, or `null` (network failure). */
export function errorStatusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
}
