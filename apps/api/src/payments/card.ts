/** The fields of the sandbox card page, as the shopper typed them. */
export interface CardForm {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardForm;

/** Why a field was refused: a key of the card page's texts. */
export type CardError = 'nameRequired' | 'numberRequired' | 'numberInvalid' | 'expiryInvalid' | 'expiryPast' | 'cvcInvalid';

/** Digits of a card number typed with or without spaces or dashes; null when anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checks the card page's fields the way a card form does: a name; a 12–19 digit number passing
 * the Luhn check; an expiry `MM/YY` not before this month; a CVC of 3 or 4 digits. Answers the
 * refusal of each field that has one (empty when the card may be charged) and the number's digits.
 */
export function checkCard(form: CardForm, now = new Date()): { errors: Partial<Record<CardField, CardError>>; digits: string } {
  const errors: Partial<Record<CardField, CardError>> = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';

  const digits = cardDigits(form.number) ?? '';
  if (form.number.trim() === '') errors.number = 'numberRequired';
  else if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) errors.number = 'numberInvalid';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    errors.expiry = 'expiryInvalid';
  } else {
    const yearText = expiry[2] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    // A card is good until the end of its expiry month.
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors.expiry = 'expiryPast';
  }

  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'cvcInvalid';
  return { errors, digits };
}
