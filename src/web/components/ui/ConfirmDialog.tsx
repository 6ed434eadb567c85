import { useRef, type ReactNode } from 'react';
import { buttonClass } from './button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Label of the confirm button while `busy`. */
  busyLabel?: string;
  cancelLabel: string;
  busy?: boolean;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation built on Modal: focus starts on Cancel (the safe choice), Tab stays inside,
 * Escape or a click on the backdrop cancels (not while busy), and focus returns to the element that
 * opened it when it closes. Render it only while open.
 */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, cancelLabel, busy = false, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={title} description={children} onClose={onCancel} busy={busy} initialFocusRef={cancelRef} size="md">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" onClick={onCancel} disabled={busy} className={buttonClass('secondary')}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined} className={buttonClass(danger ? 'danger' : 'primary')}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
