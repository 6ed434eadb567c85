import { Check, CircleCheck, CircleX, Clock, Copy, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { DnsRecordKind } from '#core/api/deliverability';
import type { DnsRecord } from '#web/api/deliverability';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { buttonClass } from '../ui/button';

const t = messages.deliverability.records;

/** How long 'Copié' stays on the button. */
const copiedDurationMs = 3_000;

const STATUS_LOOK: Record<DnsRecord['status'], { icon: LucideIcon; className: string }> = {
  unchecked: { icon: Clock, className: 'bg-slate-100 text-slate-800' },
  ok: { icon: CircleCheck, className: 'bg-green-100 text-green-900' },
  missing: { icon: CircleX, className: 'bg-red-100 text-red-900' },
  wrong: { icon: TriangleAlert, className: 'bg-amber-100 text-amber-900' },
};

/** A record's state in words with an icon, never by colour alone. */
export function RecordStatus({ status }: { status: DnsRecord['status'] }) {
  const { icon: Icon, className } = STATUS_LOOK[status];
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', className)}>
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {t.statuses[status]}
    </span>
  );
}

/** Writes to the clipboard; without the Clipboard API, selects the value and asks the browser to copy it. */
async function copyText(text: string, element: HTMLElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  selectContents(element);
  if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) throw new Error('copy failed');
}

/** Selects an element's text so the merchant can copy it by hand when copying failed. */
function selectContents(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * The three TXT records to publish. The values are long (a DKIM key is ~400 characters): they wrap
 * inside their column, and on a narrow screen the table scrolls inside its own labelled, focusable
 * region instead of widening the page.
 */
export function DnsRecordsTable({ records }: { records: DnsRecord[] }) {
  const [copy, setCopy] = useState<{ kind: DnsRecordKind; state: 'copied' | 'failed' } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const values = useRef(new Map<DnsRecordKind, HTMLElement>());

  const onCopy = async (record: DnsRecord) => {
    clearTimeout(timer.current);
    const element = values.current.get(record.kind) ?? null;
    try {
      await copyText(record.value, element);
      setCopy({ kind: record.kind, state: 'copied' });
      timer.current = setTimeout(() => setCopy(null), copiedDurationMs);
    } catch {
      setCopy({ kind: record.kind, state: 'failed' });
      selectContents(element);
    }
  };

  return (
    <div>
      <div
        role="region"
        aria-label={t.regionLabel}
        // Focusable so a keyboard user can scroll it when it is wider than the screen.
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <table className="w-full min-w-[48rem] table-fixed text-left text-sm">
          <caption className="sr-only">{t.caption}</caption>
          <colgroup>
            <col className="w-36" />
            <col className="w-16" />
            <col className="w-44" />
            <col />
            <col className="w-44" />
          </colgroup>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t.columns.record}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t.columns.type}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t.columns.name}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t.columns.value}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t.columns.status}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {records.map((record) => {
              const copied = copy?.kind === record.kind && copy.state === 'copied';
              const showDetail = record.detail && (record.status === 'missing' || record.status === 'wrong');
              return (
                <tr key={record.kind} className="align-top">
                  <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                    {t.kind[record.kind]}
                  </th>
                  <td className="px-3 py-3 font-mono text-xs text-slate-800">{record.type}</td>
                  <td className="px-3 py-3 font-mono text-xs break-all text-slate-800">{record.name}</td>
                  <td className="px-3 py-3">
                    <code
                      ref={(element) => {
                        if (element) values.current.set(record.kind, element);
                        else values.current.delete(record.kind);
                      }}
                      className="block rounded-md bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-900"
                    >
                      {record.value}
                    </code>
                    <button type="button" aria-label={t.copyLabel(record.kind)} onClick={() => void onCopy(record)} className={buttonClass('secondary', 'sm', 'mt-2 py-1')}>
                      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
                      {copied ? t.copied : t.copy}
                    </button>
                  </td>
                  <td className="px-3 py-3">
                    <RecordStatus status={record.status} />
                    {showDetail && <p className="mt-1 text-xs break-words text-slate-700">{record.detail}</p>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm">
        {copy?.state === 'copied' && <span className="sr-only">{t.copiedAnnouncement(copy.kind)}</span>}
        {copy?.state === 'failed' && <span className="text-red-700">{t.copyFailed}</span>}
      </p>
    </div>
  );
}
