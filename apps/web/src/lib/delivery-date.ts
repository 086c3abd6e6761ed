import type { Language } from '@dukkan/contracts/common';

/** Days from the order to the door for free shipping (the product page and search results show the date). */
export const SHIPPING_DAYS = 3;

/** The day a parcel ordered on `from` arrives: `days` calendar days later. */
export function arrivalDate(from: Date, days = SHIPPING_DAYS): Date {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  date.setDate(date.getDate() + days);
  return date;
}

// Made once: a formatter is costly to build, and the server renders these dates on every page.
const localeOf = (language: Language) => (language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US');
const DELIVERY_DATE: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(localeOf('en'), { month: 'short', day: 'numeric' }),
  ar: new Intl.DateTimeFormat(localeOf('ar'), { month: 'short', day: 'numeric' }),
};
const DELIVERY_DAY: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(localeOf('en'), { weekday: 'short', month: 'short', day: 'numeric' }),
  ar: new Intl.DateTimeFormat(localeOf('ar'), { weekday: 'short', month: 'short', day: 'numeric' }),
};

/**
 * A delivery date as the shop writes it: "Feb 28" in English (the spec's "Shipping arrives
 * Feb 28"), "28 فبراير" in Arabic. Digits stay Latin in Arabic, as in every price of the shop.
 */
export function formatDeliveryDate(date: Date, language: Language): string {
  return DELIVERY_DATE[language].format(date);
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
  return DELIVERY_DAY[language].format(date);
}
