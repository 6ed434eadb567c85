import { createContext, useContext, useEffect } from 'react';

/**
 * Told once the screen of a page the server drew has been hydrated (main.tsx lifts the page's
 * `inert` then: until React has taken the drawn screen over, no button on it would answer).
 */
const TakenOverContext = createContext<(() => void) | null>(null);
export const TakenOverProvider = TakenOverContext.Provider;

/** Sits beside the screen, inside its Suspense boundary: its effect runs when that boundary is hydrated. */
export function TakenOver() {
  const takenOver = useContext(TakenOverContext);
  useEffect(() => takenOver?.(), [takenOver]);
  return null;
}
