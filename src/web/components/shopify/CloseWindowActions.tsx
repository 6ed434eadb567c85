import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { buttonClass } from '../ui/button';

/** How long to wait for the window to close before explaining that the browser refused. */
const closeCheckDelayMs = 300;

/**
 * The install screens' 'Fermer' button (window.close()) and a link home. Browsers only let a page
 * close a window that a script opened: when the window stays open, a note says so.
 */
export function CloseWindowActions({ className }: { className?: string }) {
  const t = messages.shopifyFlow;
  const [blocked, setBlocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    window.close();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!window.closed) setBlocked(true);
    }, closeCheckDelayMs);
  };

  return (
    <div className={className}>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={close} className={buttonClass('primary')}>
          {t.close}
        </button>
        <Link to="/" className={buttonClass('secondary')}>
          {t.backHome}
        </Link>
      </div>
      <p role="status" className="mt-3 text-sm text-slate-600">
        {blocked ? t.closeBlocked : null}
      </p>
    </div>
  );
}
