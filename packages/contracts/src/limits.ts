/**
 * The numbers and patterns the forms and pages share with the API, without the schemas that use
 * them: a page that needs a bound imports it from here and does not pull Zod into its chunk (the
 * cart page did, for one constant, and so loaded 86 KB more than it used). The schema modules
 * (cart.ts, search.ts, users.ts) re-export them.
 */

/** The most of one product a cart line may hold, whatever the stock (the cart issue). */
export const MAX_LINE_QUANTITY = 99;
/** Spec section 5: the smallest quantity of a line. */
export const MIN_LINE_QUANTITY = 1;

/** The longest search text the API accepts, in characters; longer is a 400, not a truncation. */
export const MAX_SEARCH_LENGTH = 200;

/** Spec section 9 and the accounts issue: the bounds every form and the API share. */
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 60;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Staff accounts (issue #20): a longer password than shoppers' (and not a common one, which the API checks), a longer name. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_NAME_MAX_LENGTH = 100;

/** One label of a domain name: letters and digits (any script), dashes only inside. */
const DOMAIN_LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';

/**
 * The "standard email pattern" of spec section 5, as a plain address: a local part of letters,
 * digits and `. _ % + -`, an `@`, then a domain of two or more labels. Quotes, `=`, parentheses,
 * spaces and the like are refused (issue #32: an "email" such as `=HYPERLINK(…)&"@x.io"` was a
 * spreadsheet formula waiting in the accountant's CSV). Kept here so every form and the API —
 * shoppers' and staff's — agree on what an email is.
 */
export const EMAIL_PATTERN = new RegExp(`^[\\p{L}\\p{N}._%+-]+@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`, 'u');

/** Spec section 3's address fields: the most characters each takes (digits, for floor, apartment and zip code). */
export const ADDRESS_MAX_LENGTHS = {
  fullName: 100,
  phoneNumber: 20,
  country: 60,
  city: 60,
  area: 60,
  street: 120,
  building: 60,
  floor: 3,
  apartment: 5,
  zipCode: 10,
  extraDetails: 300,
} as const;

/** A phone number as the address book takes one: an optional `+`, then 6 to 20 digits, spaces, parentheses or dashes. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{6,20}$/;

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

/** An aisle's rating filter (issue #34): "4 stars & up" down to "1 star & up". */
export const AISLE_RATINGS = [4, 3, 2, 1] as const;
/** The most values a filter group lists, and the most a repeatable filter takes. */
export const MAX_FACET_VALUES = 100;
