import type { Language } from '@dukkan/contracts/common';

/** Days from the order to the door for free shipping (the product page and search results show the date). */
export const SHIPPING_DAYS = 3;

/** The day a parcel ordered on `from` arrives: `days` calendar days later. */
export function arrivalDate(from: Date, days = SHIPPING_DAYS): Date {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  date.setDate(date.getDate() + days);
  return date;
}

// Written from these tables rather than with Intl.DateTimeFormat: building a formatter with a
// month or weekday makes the browser build its date-pattern machinery, about 27 ms of the page's
// first task on this project's test host (110 ms on the phone Lighthouse emulates), for a date
// the server has already written. The words are the ones Intl writes for `en-US` and
// `ar-EG-u-nu-latn`; a unit test compares both for every day of a leap year.
export const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
};
const WEEKDAYS: Record<Language, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
};

/**
 * A delivery date as the shop writes it: "Feb 28" in English (the spec's "Shipping arrives
 * Feb 28"), "28 فبراير" in Arabic. Digits stay Latin in Arabic, as in every price of the shop.
 */
export function formatDeliveryDate(date: Date, language: Language): string {
  const month = MONTHS[language][date.getMonth()] ?? '';
  return language === 'ar' ? `${date.getDate()} ${month}` : `${month} ${date.getDate()}`;
}

/** Days between the earliest and the latest arrival of free shipping (spec: "Wed, Feb 28—Mon, Mar 4"). */
export const DELIVERY_WINDOW_DAYS = 5;

/** When a parcel ordered on `from` arrives at the earliest and at the latest. */
export function arrivalWindow(from: Date): { earliest: Date; latest: Date } {
  return { earliest: arrivalDate(from), latest: arrivalDate(from, SHIPPING_DAYS + DELIVERY_WINDOW_DAYS) };
}

/**
 * A delivery day with its weekday, as the checkout writes it: "Wed, Feb 28" in English,
 * "الأربعاء، 28 فبراير" in Arabic (Latin digits).
 */
export function formatDeliveryDay(date: Date, language: Language): string {
  return `${WEEKDAYS[language][date.getDay()] ?? ''}${language === 'ar' ? '،' : ','} ${formatDeliveryDate(date, language)}`;
}
