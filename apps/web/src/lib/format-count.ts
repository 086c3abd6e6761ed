import type { Language } from '@dukkan/contracts/common';
import { formatCount as formatCountWithIntl } from '@dukkan/contracts/format';

/**
 * A count as the shop writes it in both languages, thousands grouped, Latin digits: `1,234`
 * (what the contracts' `formatCount` writes through Intl for `en-US` and `ar-EG-u-nu-latn`).
 *
 * Written by hand for whole numbers: the first number a page formats with Intl makes the browser
 * load its number-formatting data, 55–130 ms of one task on this project's shared test host (far
 * more on the phone Lighthouse emulates), and an aisle writes its counts while it hydrates
 * (issue #34). Other numbers, which the aisle never shows, go through Intl. A unit test compares
 * both for both languages.
 */
export function formatCount(value: number, lng: Language): string {
  if (!Number.isSafeInteger(value) || value < 0) return formatCountWithIntl(value, lng);
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}
