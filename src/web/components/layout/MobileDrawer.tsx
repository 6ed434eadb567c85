import { X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { messages } from '#web/i18n';
import { trapTab } from '#web/lib/focus-trap';

export interface MobileDrawerProps {
  id: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Off-canvas navigation for small screens: a modal dialog sliding from the left. Escape, the close
 * button, a click on the backdrop or on a link close it; Tab stays inside while it is open.
 */
export function MobileDrawer({ id, onClose, children }: MobileDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    trapTab(event, panelRef.current);
  };

  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={messages.layout.drawerLabel}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          // Any link closes the drawer, including the entry of the current page.
          if ((event.target as HTMLElement).closest('a')) onClose();
        }}
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl"
      >
        <button
          ref={closeRef}
          type="button"
          aria-label={messages.layout.closeMenu}
          onClick={onClose}
          className="absolute right-3 top-4 z-10 rounded-lg p-2 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        {children}
      </div>
    </div>
  );
}
