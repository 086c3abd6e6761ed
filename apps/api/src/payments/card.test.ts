import { describe, expect, it } from 'vitest';

import { cardDigits, checkCard, passesLuhn } from './card';

const NOW = new Date('2026-11-23T12:00:00Z');
const GOOD = { name: 'Sara Ali', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('the card checks of the sandbox page', () => {
  it('reads a number typed with spaces or dashes, and nothing else', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242 abcd')).toBeNull();
  });

  it('knows the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it('accepts a good card, with the expiry as MM/YY or MM/YYYY and good through its month', () => {
    expect(checkCard(GOOD, NOW).errors).toEqual({});
    expect(checkCard({ ...GOOD, expiry: '11/26' }, NOW).errors).toEqual({});
    expect(checkCard({ ...GOOD, expiry: '1/2027', cvc: '1234' }, NOW).errors).toEqual({});
  });

  it('names the field that is wrong and why', () => {
    expect(checkCard({ name: '', number: '', expiry: '', cvc: '' }, NOW).errors).toEqual({
      name: 'nameRequired',
      number: 'numberRequired',
      expiry: 'expiryInvalid',
      cvc: 'cvcInvalid',
    });
    expect(checkCard({ ...GOOD, number: '4242 4242 4242 4241' }, NOW).errors).toEqual({ number: 'numberInvalid' });
    expect(checkCard({ ...GOOD, number: '4242' }, NOW).errors).toEqual({ number: 'numberInvalid' });
    expect(checkCard({ ...GOOD, expiry: '10/26' }, NOW).errors).toEqual({ expiry: 'expiryPast' });
    expect(checkCard({ ...GOOD, expiry: '13/30' }, NOW).errors).toEqual({ expiry: 'expiryInvalid' });
    expect(checkCard({ ...GOOD, cvc: '12a' }, NOW).errors).toEqual({ cvc: 'cvcInvalid' });
  });
});
