import type { ReactNode } from 'react';

/**
 * A pause in the hydration of a page the server drew (decision 037): what is inside a
 * `HydrationBreak` is taken over in a later task than what is outside it, so a slow phone runs two
 * shorter tasks instead of one long one. During the pause the drawn nodes stay as they are (Preact
 * keeps the DOM of a subtree that suspends while hydrating); the page is inert until the end.
 */
let pause: Promise<void> | null = null;

/** Called by main.tsx just before hydrating: the breaks wait for the next task. */
export function startHydrationBreaks(): void {
  pause = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
    pause = null;
  });
}

/** The promise to wait for while the hydration pauses (null otherwise: a render that is not a hydration never waits). */
export function hydrationPause(): Promise<void> | null {
  return pause;
}

/** Must sit inside a `<Suspense>` and hold children drawn as one element. */
export function HydrationBreak({ children }: { children: ReactNode }) {
  const waiting = pause;
  if (waiting) throw waiting;
  return children;
}
