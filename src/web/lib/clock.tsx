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
