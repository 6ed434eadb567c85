import { ImageIcon, LoaderCircle, Trash2, Upload } from 'lucide-react';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { buttonClass } from './button';

export interface ImageUploadProps {
  /** The file input's id (a test or a label elsewhere may point at it). */
  id: string;
  label: string;
  hint: string;
  /** The input's `accept` (a hint to the picker only: the caller checks the file). */
  accept: string;
  /** The current image, shown on a checkerboard (transparent logos stay visible); null: none. */
  previewUrl: string | null;
  previewAlt: string;
  /** While the caller uploads: the picker and the remove button are disabled, and it says so. */
  busy: boolean;
  error: string | null;
  onSelect(file: File): void;
  /** Shown only with `removeLabel` and a current image. */
  onRemove?: () => void;
  removeLabel?: string;
  /** The text of the button that opens the picker. */
  chooseLabel: string;
}

/** A light checkerboard, the usual sign of a transparent background. */
const checkerboard = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg, #e2e8f0 25%, transparent 25%), linear-gradient(-45deg, #e2e8f0 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #e2e8f0 75%), linear-gradient(-45deg, transparent 75%, #e2e8f0 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 0 8px, 8px -8px, -8px 0',
};

/**
 * An image picker: the current image, a button-looking label over a real (visually hidden, focusable)
 * `<input type="file">`, a hint, the caller's error (announced) and a busy state. A file may also be
 * dropped on the box. It only hands the chosen file over: the caller checks it and uploads it.
 */
export function ImageUpload({ id, label, hint, accept, previewUrl, previewAlt, busy, error, onSelect, onRemove, removeLabel, chooseLabel }: ImageUploadProps) {
  const [dragging, setDragging] = useState(false);
  const labelId = `${id}-label`;
  const chooseId = `${id}-choose`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const busyId = `${id}-busy`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it, or after an error) fires again.
    event.target.value = '';
    if (file) onSelect(file);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (busy || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    if (busy) return;
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    onSelect(file);
  };

  const describedBy = [hintId, error ? errorId : null, busy ? busyId : null].filter(Boolean).join(' ');

  return (
    <div role="group" aria-labelledby={labelId} aria-busy={busy || undefined}>
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'mt-2 flex flex-col gap-4 rounded-xl border border-dashed p-4 sm:flex-row sm:items-center',
          dragging ? 'border-brand-700 bg-brand-50' : error ? 'border-red-600' : 'border-slate-300',
        )}
      >
        <div style={checkerboard} className="flex h-24 w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200">
          {previewUrl ? <img src={previewUrl} alt={previewAlt} className="max-h-20 max-w-36 object-contain" /> : <ImageIcon aria-hidden="true" className="size-8 text-slate-400" />}
        </div>
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={id}
              type="file"
              accept={accept}
              disabled={busy}
              onChange={onChange}
              aria-labelledby={`${labelId} ${chooseId}`}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <label
              id={chooseId}
              htmlFor={id}
              aria-hidden="true"
              className={cx(
                buttonClass('secondary', 'sm'),
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                busy && 'cursor-not-allowed opacity-60',
              )}
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Upload aria-hidden="true" className="size-4" />}
              {chooseLabel}
            </label>
            {onRemove && removeLabel && previewUrl && (
              <button type="button" onClick={onRemove} disabled={busy} className={buttonClass('ghost', 'sm')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {removeLabel}
              </button>
            )}
          </div>
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
          {busy && (
            <p id={busyId} role="status" className="text-sm text-slate-700">
              {messages.common.imageUpload.busy}
            </p>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
