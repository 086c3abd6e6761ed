import { describe, expect, it } from 'vitest';

import { ErrorResponseSchema } from './common';
import { ERROR_CODES, errorCodeOf, isErrorCode } from './errors';

describe('error codes', () => {
  it('reads the code of an answer body and of a failed request holding it as data', () => {
    expect(errorCodeOf({ message: 'Only 2 left', code: 'NOT_ENOUGH_STOCK' })).toBe('NOT_ENOUGH_STOCK');
    expect(errorCodeOf({ status: 401, data: { message: 'Expired', code: 'INVALID_GUEST_CART' } })).toBe('INVALID_GUEST_CART');
  });

  it('gives null for what carries no code of the list', () => {
    expect(errorCodeOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
    expect(errorCodeOf({ data: { code: 'SOMETHING_ELSE' } })).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
    expect(isErrorCode(42)).toBe(false);
  });

  it('lets the answer schema pass only listed codes', () => {
    expect(ErrorResponseSchema.safeParse({ message: 'x', code: 'ORDER_NOT_FOUND' }).success).toBe(true);
    expect(ErrorResponseSchema.safeParse({ message: 'x', code: 'ORDER_LOST' }).success).toBe(false);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
