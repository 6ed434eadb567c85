import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The instant a page the server drew was drawn at (decision 039). A label relative to now (« dans
 * 2 h ») must read the same on the server and at hydration, or React would find the text changed:
 * the browser's first render uses the server's instant, then its own clock.
 */
const DrawnAtContext = createContext<number | null>(null);
export const DrawnAtProvider = DrawnAtContext.Provider;

/** The current time, refreshed every `intervalMs` (for labels relative to now). */
export function useNow(intervalMs: number): number {
  const drawnAt = useContext(DrawnAtContext);
  const [now, setNow] = useState(() => drawnAt ?? Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // A hydrated page moves on to the browser's clock as soon as it is taken over.
    const first = drawnAt === null ? undefined : setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [drawnAt, intervalMs]);
  return now;
}

/**
 * The current year in Paris (the footers' « © 2026 »): read once, from the instant the server drew
 * the page when it did, so its text and the hydrated one agree, else from the browser's clock.
 */
export function useYear(): number {
  const drawnAt = useContext(DrawnAtContext);
  const [year] = useState(() => yearIn(drawnAt ?? Date.now()));
  return year;
}

const parisYear = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Europe/Paris' });

/** The year at `instant` in Paris, the product's time zone (src/web/lib/format.ts). */
export function yearIn(instant: number): number {
  return Number(parisYear.format(instant));
}
