import { CircleAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import { useBillingSync, useStartBillingSync } from '#web/api/plans';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { useCurrentStore, type CurrentStore } from '#web/lib/session';
import { textLinkClass } from '../ui/TextField';
import { mainContentId } from '../ui/SkipLink';

const t = messages.plans.billingNotice;

const activeStoreId = (store: CurrentStore | null | undefined) => (store?.is_active ? store.id : undefined);

/**
 * Starts the re-read of the connected store's Shopify billing when the merchant opens the app (once
 * per store and page load, when the browser is idle: api/plans.ts useStartBillingSync). A component
 * of its own, drawing nothing, in the app shell: what it reads makes only it render again.
 */
export function OpeningBillingSync() {
  useStartBillingSync(activeStoreId(useCurrentStore().data));
  return null;
}

/** The refused plan change the opening re-read told (the dashboard and the plans page show it). */
function useOpeningBillingSync() {
  return useBillingSync(activeStoreId(useCurrentStore().data));
}

/**
 * A plan change Shopify refused or let expire, explained once with what to do (dashboard and
 * /app/plans). The live region is always there, so the notice is announced when the re-read
 * answers after the page has shown; it takes no room while empty. 'Masquer ce message' hides it for
 * the rest of the page's life and puts the focus back on the page's content.
 */
export function BillingNotice({ linkToPlans = false, className }: { linkToPlans?: boolean; className?: string }) {
  const { notice, dismiss } = useOpeningBillingSync();
  const close = () => {
    dismiss();
    document.getElementById(mainContentId)?.focus();
  };
  return (
    <div role="status" className={cx(notice ? className : 'sr-only')}>
      {notice && (
        <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="flex-1">
            <p className="font-semibold">{t.heading[notice.kind]}</p>
            <p className="mt-0.5">{t[notice.kind](notice.requested_plan, notice.kept_plan)}</p>
            <p className="mt-0.5">{t.next(notice.kept_plan)}</p>
            {linkToPlans && (
              <Link to="/app/plans" className={cx(textLinkClass, 'mt-1 inline-block text-amber-950')}>
                {t.link}
              </Link>
            )}
          </div>
          <button type="button" onClick={close} aria-label={t.dismiss} title={t.dismiss} className="-m-1 shrink-0 rounded-lg p-1 hover:bg-amber-100">
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
    </div>
  );
}
