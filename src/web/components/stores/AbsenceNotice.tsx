import { History } from 'lucide-react';
import { useId } from 'react';
import { useDismissAbsence, useStoreAbsence, type StoreAbsence } from '#web/api/absence';
import { messages } from '#web/i18n';
import { formatDate } from '#web/lib/format';
import { buttonClass } from '../ui/button';

const t = messages.absence;

/**
 * Once a store is back (reconnected here, or the app installed again on Shopify), what happened while
 * it was away (decision 045): the requests the app cancelled and why, those that fell due meanwhile
 * and go now, and each order paid meanwhile, asked or not and why. Shown until the merchant reads it.
 */
export function AbsenceNotice() {
  const { data: absence } = useStoreAbsence();
  if (!absence) return null;
  return <AbsenceDetails absence={absence} />;
}

function AbsenceDetails({ absence }: { absence: StoreAbsence }) {
  const headingId = useId();
  const errorId = useId();
  const dismiss = useDismissAbsence();
  const cancelled = absence.cancelled.reduce((sum, c) => sum + c.count, 0);
  const { orders } = absence;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <div className="flex items-start gap-3">
        <History aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 id={headingId} className="font-semibold">
              {t.heading[absence.reason]}
            </h2>
            <p>{t.window(formatDate(absence.away_from), formatDate(absence.back_at))}</p>
          </div>
          {cancelled > 0 && (
            <div>
              <p className="font-medium">{t.cancelledHeading(cancelled)}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {absence.cancelled.map((c) => (
                  <li key={c.reason}>{t.outcomeCount(c.count, t.cancelled[c.reason])}</li>
                ))}
              </ul>
            </div>
          )}
          {absence.due_meanwhile > 0 && <p>{t.dueMeanwhile(absence.due_meanwhile)}</p>}
          {!orders.read ? (
            <p>{t.ordersReading}</p>
          ) : orders.paid === 0 ? (
            <p>{t.noOrders}</p>
          ) : (
            <div>
              <p className="font-medium">{t.ordersHeading(orders.paid)}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {orders.outcomes.map((o) => (
                  <li key={o.outcome}>{t.outcomeCount(o.count, t.outcomes[o.outcome])}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={dismiss.isPending}
              aria-describedby={dismiss.isError ? errorId : undefined}
              onClick={() => dismiss.mutate(absence.id)}
            >
              {t.dismiss}
            </button>
            {dismiss.isError && (
              <p id={errorId} role="alert" className="mt-2 text-red-800">
                {t.dismissFailed}
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
