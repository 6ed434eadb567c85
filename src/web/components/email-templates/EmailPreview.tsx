import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { liquidFault, liquidPlace } from '#core/email/liquid-syntax-messages';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { ToggleGroup } from '../ui/ToggleGroup';
import type { Preview, PreviewKind } from './template-form';

const t = messages.emailTemplates.preview;

const DEVICES = ['desktop', 'phone'] as const;
const KINDS = ['first', 'reminder'] as const satisfies readonly PreviewKind[];
type Device = (typeof DEVICES)[number];
/** The e-mail's own width (docs/product/limits.md), and a common phone's. */
const WIDTH: Record<Device, number> = { desktop: 600, phone: 375 };
/** How tall the message's window is on screen. */
const HEIGHT = 640;

/** The width available to the frame (null until measured, or where ResizeObserver is missing). */
function useAvailableWidth(element: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry ? entry.contentRect.width : null));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The e-mail as a mail client shows it: sender, recipient and subject above the message, which is
 * shown in a sandboxed frame (no script, no same-origin access: the merchant's HTML stays inert).
 * `kind` picks the first e-mail or the reminder (its own subject and first line).
 */
export function EmailPreview({
  preview,
  recipient,
  note,
  kind,
  onKindChange,
}: {
  preview: Preview;
  recipient: string;
  note: string;
  kind: PreviewKind;
  onKindChange: (kind: PreviewKind) => void;
}) {
  const headingId = useId();
  const [device, setDevice] = useState<Device>('desktop');
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const available = useAvailableWidth(frame);
  const width = WIDTH[device];
  // A column narrower than the message shows it whole, scaled down, as it is laid out at its width.
  const scale = available && available < width ? available / width : 1;

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t.heading}
        </h2>
        <ToggleGroup label={t.deviceLabel} options={DEVICES} value={device} onChange={setDevice} labelOf={(d) => t.devices[d]} />
      </div>
      <ToggleGroup label={t.kindLabel} options={KINDS} value={kind} onChange={onKindChange} labelOf={(k) => t.kinds[k]} look="pills" />
      <p className="text-sm text-slate-600">{note}</p>

      {preview.ok ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
            <dt className="text-slate-600">{t.from}</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900">{preview.fromName}</dd>
            <dt className="text-slate-600">{t.to}</dt>
            <dd className="min-w-0 break-words text-slate-800">{recipient}</dd>
            <dt className="text-slate-600">{t.subject}</dt>
            <dd className="min-w-0 font-semibold break-words text-slate-900" data-testid="preview-subject">
              {preview.email.subject}
            </dd>
          </dl>
          <div className="rounded-xl border border-slate-200 bg-slate-100 p-2">
            <div ref={setFrame}>
              <div className="mx-auto overflow-hidden rounded-lg bg-white" style={{ width: width * scale, height: HEIGHT }}>
                <iframe
                  sandbox=""
                  srcDoc={preview.email.html}
                  title={t.frameTitle}
                  data-device={device}
                  style={{ width, height: HEIGHT / scale, transform: scale < 1 ? `scale(${scale})` : undefined, transformOrigin: 'top left' }}
                  className={cx('block max-w-none border-0 bg-white', device === 'phone' && 'shadow-md')}
                />
              </div>
            </div>
          </div>
        </>
      ) : (
        <div role="status" className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{t.errorHeading}</p>
            <p className="mt-1">{preview.limit ? t.limitBody[preview.limit] : t.errorBody}</p>
            {preview.syntax && <p className="mt-1 break-words">{t.errorAt(liquidPlace(preview.syntax), liquidFault(preview.syntax))}</p>}
          </div>
        </div>
      )}
    </section>
  );
}
