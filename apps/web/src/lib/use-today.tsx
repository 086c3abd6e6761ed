import { createContext, type ReactNode, useContext } from 'react';

import { useHydrated } from './use-hydrated';

/** The calendar day a server-rendered page was rendered on, `YYYY-MM-DD` in the server's time zone. */
const RenderDayContext = createContext<string | undefined>(undefined);

/** `YYYY-MM-DD` of `date` in this runtime's time zone. */
export function calendarDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Gives the render day to the page: the server's own, and in the browser the one the server sent. */
export function RenderDayProvider({ day, children }: { day: string | undefined; children: ReactNode }) {
  return <RenderDayContext.Provider value={day}>{children}</RenderDayContext.Provider>;
}

/**
 * Today, for dates the page shows ("arrives Feb 28"). While a server-rendered page hydrates it is
 * the day the server rendered on, so the text matches the HTML whatever the shopper's time zone;
 * from the next render on it is the shopper's own day.
 */
export function useToday(): Date {
  const hydrated = useHydrated();
  const day = useContext(RenderDayContext);
  if (hydrated || !day) return new Date();
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}
