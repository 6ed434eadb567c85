import { CalendarClock, CircleAlert, CircleHelp, Clock, Hourglass, Languages, Link2, Repeat, RotateCw, Send, Trash2 } from 'lucide-react';
import { languageOf } from '#core/customer-language';
import { languageLabel, languageName } from '#core/language-names';
import { useId } from 'react';
import { dueLabel, type DueLabel } from '#core/due-label';
import { formatDay } from '#core/french-format';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { formatDateTime } from '#web/lib/format';
import { buttonClass } from '../ui/button';
import { StatusBadge } from './StatusBadge';
import type { RequestItem } from '#web/api/review-requests';
import { UNSENT_IDLE_STATUSES } from '#core/domain';

const t = messages.schedule;

/** Statuses a merchant may cancel (delete) from the calendar. */
const cancellable = new Set<string>(UNSENT_IDLE_STATUSES);

export const canSendNow = (item: RequestItem) => item.status === 'scheduled';
export const canResend = (item: RequestItem) => item.status === 'sent' && item.unconfirmed;
export const canCancel = (item: RequestItem) => cancellable.has(item.status);
/** The send planner's mark: this scheduled request will not go out before the billing period ends. */
export const waitsForQuota = (item: RequestItem) => item.status === 'scheduled' && item.fits_in_period === false;
/** The day the store's daily sending limit moves this scheduled request to (the planner's verdict), or null. */
export const dailyLimitDay = (item: RequestItem) => (item.status === 'scheduled' && item.daily_limit_until ? item.daily_limit_until : null);
/** A reminder: the one follow-up of a first e-mail (a flow's reminder, or the customer's postponement). */
export const isReminder = (item: RequestItem) => item.kind === 'reminder';

/** "#1001" whether the shop sent "1001" or "#1001"; null when there is no order number. */
export function orderLabel(orderNumber: string | null): string | null {
  const value = orderNumber?.trim();
  if (!value) return null;
  return value.startsWith('#') ? value : `#${value}`;
}

/** Who a request is for, as a complement of "la demande d'avis …" (accessible names, confirmation). */
export function requestSubject(item: RequestItem): string {
  const who = item.customer_name?.trim() || item.customer_email?.trim() || null;
  return t.actions.subject({ who, order: orderLabel(item.order_number), date: formatDateTime(item.scheduled_at) });
}

/** The due label's words (docs/product/statuses.md). */
export function dueText(label: DueLabel): string {
  switch (label.kind) {
    case 'overdue':
      return t.dueLabels.overdue;
    case 'days':
      return t.dueLabels.days(label.n);
    case 'hours':
      return t.dueLabels.hours(label.n);
    case 'soon':
      return t.dueLabels.soon;
  }
}

function DueBadge({ scheduledAt, now }: { scheduledAt: string; now: number }) {
  const label = dueLabel(scheduledAt, now);
  if (!label) return null;
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        label.kind === 'overdue' ? 'bg-orange-100 text-orange-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      <Clock aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t.list.due} </span>
      {dueText(label)}
    </span>
  );
}

export interface RequestActions {
  onSendNow: (item: RequestItem) => void;
  onCancel: (item: RequestItem) => void;
  /** Re-send an unconfirmed e-mail (after the merchant confirms). */
  onResend: (item: RequestItem) => void;
  /** The request being sent now, if any. */
  sendingId: string | null;
}

/**
 * The calendar's requests (already ordered by the server, newest scheduled first): customer,
 * order, dates, status badge, due label for scheduled ones, last error of failed ones, a mark for
 * shared links, and the send-now and cancel buttons where they apply.
 */
export function RequestList({ items, now, actions, label }: { items: RequestItem[]; now: number; actions: RequestActions; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {items.map((item) => (
        <RequestRow key={item.id} item={item} now={now} actions={actions} />
      ))}
    </ul>
  );
}

function RequestRow({ item, now, actions }: { item: RequestItem; now: number; actions: RequestActions }) {
  const nameId = useId();
  const name = item.customer_name?.trim() || null;
  const email = item.customer_email?.trim() || null;
  const order = orderLabel(item.order_number);
  const subject = requestSubject(item);
  const reminder = isReminder(item);
  const sending = actions.sendingId === item.id;
  const sendLocked = actions.sendingId !== null;

  return (
    <li aria-labelledby={nameId} className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:gap-6">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p id={nameId} className="font-semibold break-words text-slate-900">
            {name ?? email ?? (order ? t.list.order(order) : t.list.unknownCustomer)}
          </p>
          <StatusBadge status={item.status} />
          {reminder && (
            <span title={t.list.reminderHint} className="inline-flex items-center gap-1 rounded-full bg-fuchsia-100 px-2.5 py-0.5 text-xs font-semibold text-fuchsia-900">
              <Repeat aria-hidden="true" className="size-3.5" />
              {t.list.reminder}
            </span>
          )}
          {reminder && item.postponed_at && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <CalendarClock aria-hidden="true" className="size-3.5" />
              {t.list.postponed}
            </span>
          )}
          {canResend(item) && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <CircleHelp aria-hidden="true" className="size-3.5" />
              {t.list.unconfirmed}
            </span>
          )}
          {item.status === 'scheduled' && !dailyLimitDay(item) && <DueBadge scheduledAt={item.scheduled_at} now={now} />}
          {dailyLimitDay(item) && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <Hourglass aria-hidden="true" className="size-3.5" />
              {t.list.dailyLimit}
            </span>
          )}
          {waitsForQuota(item) && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <Hourglass aria-hidden="true" className="size-3.5" />
              {t.planner.badge}
            </span>
          )}
          {languageOf(item.locale) !== 'fr' && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
              <Languages aria-hidden="true" className="size-3.5" />
              {languageLabel(item.locale)}
              <span className="sr-only">{` (${t.list.languageHint(languageName(item.locale))})`}</span>
            </span>
          )}
          {item.channel === 'link' && (
            <span title={t.list.sharedLinkHint} className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
              <Link2 aria-hidden="true" className="size-3.5" />
              {t.list.sharedLink}
            </span>
          )}
        </div>
        {name && email && <p className="text-sm break-all text-slate-600">{email}</p>}
        {order && (name || email) && <p className="text-sm text-slate-600">{t.list.order(order)}</p>}
        <p className="text-sm text-slate-600">
          {t.list.scheduledAt} <time dateTime={item.scheduled_at}>{formatDateTime(item.scheduled_at)}</time>
          {item.sent_at && (
            <>
              {' · '}
              {t.list.sentAt} <time dateTime={item.sent_at}>{formatDateTime(item.sent_at)}</time>
            </>
          )}
        </p>
        {reminder && item.postponed_at && <p className="text-xs text-slate-600">{t.list.postponedHint(formatDateTime(item.postponed_at))}</p>}
        {item.status === 'cancelled' && item.withdrawn_reason && <p className="text-xs text-slate-600">{t.list.withdrawn[item.withdrawn_reason]}</p>}
        {canResend(item) && <p className="text-xs text-amber-900">{t.list.unconfirmedHint}</p>}
        {waitsForQuota(item) && <p className="text-xs text-amber-900">{t.planner.badgeHint}</p>}
        {dailyLimitDay(item) && (
          <p className="text-xs text-amber-900">{t.list.dailyLimitHint(formatDay(`${dailyLimitDay(item)}T00:00:00Z`, { timeZone: 'UTC', weekday: 'long' }))}</p>
        )}
        {item.status === 'failed' && item.last_error && (
          <p className="flex items-start gap-1 text-xs text-red-800">
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span>
              {t.list.lastError} {item.last_error}
              {item.attempts > 0 && <span className="text-slate-600"> ({t.list.attempts(item.attempts)})</span>}
            </span>
          </p>
        )}
      </div>

      {(canSendNow(item) || canCancel(item) || canResend(item)) && (
        <div className="flex shrink-0 flex-wrap gap-2">
          {canSendNow(item) && (
            // aria-disabled rather than disabled while a send runs: the button keeps the keyboard focus.
            <button
              type="button"
              onClick={() => !sendLocked && actions.onSendNow(item)}
              aria-label={sending ? undefined : t.actions.sendNowFor(subject, reminder)}
              aria-disabled={sendLocked || undefined}
              aria-busy={sending || undefined}
              className={buttonClass('secondary', 'sm', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
            >
              <Send aria-hidden="true" className="size-4" />
              {sending ? t.actions.sending : t.actions.sendNow}
            </button>
          )}
          {canResend(item) && (
            <button
              type="button"
              onClick={() => !sendLocked && actions.onResend(item)}
              aria-label={t.actions.resendFor(subject, reminder)}
              aria-disabled={sendLocked || undefined}
              className={buttonClass('secondary', 'sm', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {t.actions.resend}
            </button>
          )}
          {canCancel(item) && (
            <button
              type="button"
              onClick={() => actions.onCancel(item)}
              aria-label={t.actions.cancelFor(subject, reminder)}
              className={buttonClass('ghost', 'sm', 'text-red-700 hover:bg-red-50 hover:text-red-800')}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t.actions.cancel}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
