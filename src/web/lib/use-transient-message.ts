import { useCallback, useEffect, useRef, useState } from 'react';

/** Notices disappear after 5 s (docs/product/statuses.md: status toasts). */
export const noticeDurationMs = 5_000;

/**
 * A message that clears itself after `durationMs`. `show(text)` restarts the timer; `clear()` hides
 * it at once. The timer is cancelled on unmount.
 */
export function useTransientMessage(durationMs = noticeDurationMs) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}
