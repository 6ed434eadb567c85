import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cx } from '#web/lib/cx';
import { trapTab } from '#web/lib/focus-trap';

export interface ModalProps {
  title: string;
  /** A sentence under the title, read as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  /** Called on Escape, on the backdrop and on the close button (not while `busy`). */
  onClose: () => void;
  /** Accessible name of a × button in the corner; no × without it (when the dialog has its own close button). */
  closeLabel?: string;
  busy?: boolean;
  /** What gets the focus on opening; the panel itself when absent. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Panel width: md for short confirmations, lg (default) for forms, xl for a picture. */
  size?: 'md' | 'lg' | 'xl';
  className?: string;
}

/**
 * A modal dialog (role=dialog, aria-modal, named by its title, described by `description`): focus
 * moves in on opening, Tab stays inside, Escape, the backdrop or the optional × close it (not while busy),
 * and focus returns to the element that opened it. Render it only while open.
 */
export function Modal({ title, description, children, onClose, closeLabel, busy = false, initialFocusRef, size = 'lg', className }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Read at mount only: later changes of the prop must not move the focus again.
  const initialFocus = useRef(initialFocusRef);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Without scrolling to it: on a phone the focused button (Annuler, at the bottom) would scroll a
    // tall dialog's title and explanation off the screen before they are read.
    (initialFocus.current?.current ?? panelRef.current)?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // The opener may be gone: then focus goes where the page puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const close = () => {
    if (!busy) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    trapTab(event, panelRef.current);
  };

  // The layer scrolls, and the panel sits in a box at least as tall as the screen: a panel taller
  // than a phone's screen then starts at its top and scrolls whole. Centred (or bottom-aligned) by
  // the layer itself, it overflowed above the screen, where nothing can be scrolled to (issue 45).
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto overscroll-contain" data-modal-layer="">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-900/50" />
      <div
        className="relative flex min-h-full items-end justify-center p-4 sm:items-center"
        onClick={(event) => {
          // A click beside the panel (on the backdrop) closes, as Escape does.
          if (event.target === event.currentTarget) close();
        }}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          aria-busy={busy || undefined}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className={cx('relative w-full rounded-2xl bg-white p-6 shadow-xl outline-none', size === 'md' ? 'max-w-md' : size === 'xl' ? 'max-w-3xl' : 'max-w-lg', className)}
        >
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {closeLabel && (
              <button
                type="button"
                onClick={close}
                disabled={busy}
                aria-label={closeLabel}
                className="-m-1 rounded-lg p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            )}
          </div>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </div>
          )}
          <div className="mt-5">{children}</div>
        </div>
      </div>
    </div>
  );
}
