import { CalendarRange, LoaderCircle, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { SPREAD_LIMITS } from '#core/schedule-spread';
import { useImportHistory, useOrderCount, type ImportHistoryInput, type ImportHistoryResult } from '#web/api/review-requests';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { ErrorAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { QueryState } from '../ui/QueryState';
import { Modal } from '../ui/Modal';
import { failureMessage } from './outcomes';

const t = messages.schedule.importDialog;

type Step = 'choice' | 'schedule';

const busyClass = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
const optionClass = cx('flex flex-col items-start gap-1 rounded-xl border border-slate-300 p-4 text-left hover:border-brand-700 hover:bg-brand-50', busyClass);

/**
 * 'Importer l'historique' (docs/product/statuses.md 'History import dialog'): counts the paid orders of the
 * last 60 days (shopify-count-orders), then offers an immediate import (submitted at once) or a
 * deferred one (days to spread, send days, UTC hour), and calls shopify-import-history.
 * Render it only while open; `onImported` gets the counts on success (the caller closes it).
 */
export function ImportHistoryDialog({ shopId, onClose, onImported }: { shopId: string; onClose: () => void; onImported: (result: ImportHistoryResult) => void }) {
  const [step, setStep] = useState<Step>('choice');
  // docs/product/limits.md: 1 to 30 days (7), Monday to Friday, 09:00 UTC.
  const [daysToSpread, setDaysToSpread] = useState<number>(SPREAD_LIMITS.defaultDays);
  const [sendDays, setSendDays] = useState<number[]>([...SPREAD_LIMITS.defaultSendDays]);
  const [sendHour, setSendHour] = useState<number>(SPREAD_LIMITS.defaultHour);
  const ids = {
    choice: useId(),
    spread: useId(),
    days: useId(),
    daysHint: useId(),
    hour: useId(),
  };
  const deferredRef = useRef<HTMLButtonElement>(null);
  const scheduleHeadingRef = useRef<HTMLHeadingElement>(null);

  const count = useOrderCount(shopId);
  const submit = useImportHistory();
  const importWith = (body: ImportHistoryInput) => submit.mutate(body, { onSuccess: (result) => onImported(result) });
  const busy = submit.isPending;

  const importNow = () => {
    if (busy) return;
    importWith({ shop_id: shopId, immediate: true });
  };

  const importDeferred = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || sendDays.length === 0) return;
    importWith({
      shop_id: shopId,
      immediate: false,
      days_to_spread: daysToSpread,
      send_days: [...sendDays].sort((a, b) => a - b),
      send_hour: sendHour,
    });
  };

  const goTo = (next: Step) => {
    submit.reset();
    setStep(next);
    // Focus follows the step: its heading, or back to the button that led to it.
    requestAnimationFrame(() => (next === 'schedule' ? scheduleHeadingRef.current : deferredRef.current)?.focus());
  };

  /** A day toggles, except the last one selected: at least one day stays (docs/product/validation.md). */
  const toggleDay = (day: number) => {
    setSendDays((days) => {
      if (!days.includes(day)) return [...days, day];
      if (days.length <= 1) return days;
      return days.filter((selected) => selected !== day);
    });
  };

  const error = submit.isError ? <ErrorAlert>{failureMessage(submit.error, t.failed)}</ErrorAlert> : null;

  const countLine = (
    <QueryState query={count} loadingLabel={t.counting} className="justify-start" errorMessage={count.isError ? failureMessage(count.error, t.countFailed) : undefined}>
      {(orders) => <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm font-medium text-slate-900">{t.count(orders)}</p>}
    </QueryState>
  );

  return (
    <Modal title={t.title} description={t.description} onClose={onClose} closeLabel={t.close} busy={busy}>
      {step === 'choice' ? (
        <div className="space-y-5">
          <div aria-live="polite">{countLine}</div>
          {!count.isPending && (
            <div role="group" aria-labelledby={ids.choice} className="space-y-3">
              <h3 id={ids.choice} className="text-sm font-semibold text-slate-900">
                {t.choiceLegend}
              </h3>
              <div className="grid gap-3 sm:grid-cols-2">
                <button type="button" onClick={importNow} aria-disabled={busy || undefined} aria-busy={busy || undefined} className={optionClass}>
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand-700" /> : <Send aria-hidden="true" className="size-4 text-brand-700" />}
                    {busy ? t.importing : t.immediate}
                  </span>
                  <span className="text-sm text-slate-600">{t.immediateHint}</span>
                </button>
                <button ref={deferredRef} type="button" onClick={() => !busy && goTo('schedule')} aria-disabled={busy || undefined} className={optionClass}>
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    <CalendarRange aria-hidden="true" className="size-4 text-brand-700" />
                    {t.deferred}
                  </span>
                  <span className="text-sm text-slate-600">{t.deferredHint}</span>
                </button>
              </div>
            </div>
          )}
          {error}
        </div>
      ) : (
        <form onSubmit={importDeferred} className="space-y-5" noValidate>
          <h3 ref={scheduleHeadingRef} tabIndex={-1} className="text-sm font-semibold text-slate-900 outline-none">
            {t.deferred}
          </h3>

          <div>
            <div className="flex items-baseline justify-between gap-4">
              <label htmlFor={ids.spread} className="text-sm font-medium text-slate-800">
                {t.spreadLabel}
              </label>
              <output htmlFor={ids.spread} className="text-sm font-semibold text-slate-900">
                {t.days(daysToSpread)}
              </output>
            </div>
            <input
              id={ids.spread}
              type="range"
              min={SPREAD_LIMITS.minDays}
              max={SPREAD_LIMITS.maxDays}
              step={1}
              value={daysToSpread}
              aria-valuetext={t.days(daysToSpread)}
              onChange={(event) => setDaysToSpread(Number(event.currentTarget.value))}
              disabled={busy}
              className="mt-2 w-full accent-brand-700"
            />
          </div>

          <div role="group" aria-labelledby={ids.days} aria-describedby={ids.daysHint}>
            <p id={ids.days} className="text-sm font-medium text-slate-800">
              {t.sendDaysLabel}
            </p>
            <p id={ids.daysHint} className="mt-0.5 text-xs text-slate-600">
              {t.sendDaysHint}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {t.weekdays.map(({ day, short, name }) => {
                const selected = sendDays.includes(day);
                const locked = selected && sendDays.length === 1;
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={selected}
                    aria-disabled={locked || undefined}
                    onClick={() => !busy && toggleDay(day)}
                    className={cx(
                      'min-w-12 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
                      selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                      locked && 'cursor-not-allowed',
                    )}
                  >
                    <span aria-hidden="true">{short}</span>
                    <span className="sr-only">{name}</span>
                  </button>
                );
              })}
            </div>
          </div>

          <div>
            <label htmlFor={ids.hour} className="block text-sm font-medium text-slate-800">
              {t.hourLabel}
            </label>
            <select
              id={ids.hour}
              value={sendHour}
              onChange={(event) => setSendHour(Number(event.currentTarget.value))}
              disabled={busy}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none sm:w-48"
            >
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={hour}>
                  {t.hour(hour)}
                </option>
              ))}
            </select>
          </div>

          {error}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => !busy && goTo('choice')} aria-disabled={busy || undefined} className={buttonClass('secondary', 'md', busyClass)}>
              {t.back}
            </button>
            {/* aria-disabled rather than disabled while busy: the button keeps the keyboard focus. */}
            <button
              type="submit"
              disabled={sendDays.length === 0}
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              className={buttonClass('primary', 'md', busyClass)}
            >
              {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
              {busy ? t.importing : t.start}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
