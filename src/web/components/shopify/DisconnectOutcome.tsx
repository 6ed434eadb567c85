import { CircleCheck, CircleExclamationPoint, ExternalLink, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { ShopifyRemoval } from '#web/api/shopify';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { textLinkClass } from '../ui/TextField';

const t = messages.integrations.outcome;

/** A disconnection as the page keeps it once the store is gone: which shop, its admin, what Shopify did. */
export interface DisconnectResult {
  shop: string;
  /** The shop's admin ('Ouvrir l'administration Shopify'), when known. */
  adminUrl: string | null;
  shopify: ShopifyRemoval;
}

const TONES = {
  done: { box: 'border-green-200 bg-green-50 text-green-900', Icon: CircleCheck },
  kept: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: TriangleAlert },
  failed: { box: 'border-red-200 bg-red-50 text-red-900', Icon: CircleExclamationPoint },
} as const;

/**
 * What disconnecting did, here and on Shopify: the store is unlinked; with 'remove', whether the
 * subscription is cancelled and the app uninstalled; with 'keep', that Shopify keeps billing while
 * the app stays installed. A failed step says why and what to do in Shopify's admin (an alert: the
 * merchant still pays until they do); otherwise it is a status. The path in Shopify's admin is left
 * out (`withUninstallSteps` false) when the page already shows it beside the store.
 */
export function DisconnectOutcome({ result, withUninstallSteps = true }: { result: DisconnectResult; withUninstallSteps?: boolean }) {
  const headingId = useId();
  const { choice, subscription_cancelled: cancelled, app_uninstalled: uninstalled, failure } = result.shopify;
  const kept = choice === 'keep';
  const tone = failure ? 'failed' : kept ? 'kept' : 'done';
  const { box, Icon } = TONES[tone];
  const stepsInShopify = !withUninstallSteps ? null : failure ? t.stepsInShopify : kept ? t.keptStepsInShopify : null;

  return (
    <section role={failure ? 'alert' : 'status'} aria-labelledby={headingId} className={cx('flex items-start gap-3 rounded-xl border p-4 text-sm', box)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id={headingId} className="font-semibold">
          {t.heading}
        </h2>
        <p>{t.here(result.shop)}</p>
        {kept ? (
          <p>{t.kept}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            <li>{cancelled ? t.subscriptionCancelled : t.subscriptionNotCancelled}</li>
            <li>{uninstalled ? t.appUninstalled : t.appNotUninstalled}</li>
          </ul>
        )}
        {failure && <p className="font-medium">{t.failures[failure]}</p>}
        {stepsInShopify && <UninstallSteps intro={stepsInShopify} adminUrl={result.adminUrl} />}
      </div>
    </section>
  );
}

/** How to uninstall the app in Shopify's admin (which ends Shopify's billing): the path, and a link to the shop's admin. */
export function UninstallSteps({ intro, adminUrl }: { intro: string; adminUrl: string | null }) {
  return (
    <>
      <p>{intro}</p>
      <ol aria-label={t.pathLabel} className="flex flex-wrap items-center gap-x-1.5 font-semibold">
        {t.path.map((step, index) => (
          <li key={step} className="flex items-center gap-x-1.5">
            {index > 0 && <span aria-hidden="true">›</span>}
            {step}
          </li>
        ))}
      </ol>
      {adminUrl && (
        <a href={adminUrl} target="_blank" rel="noopener" className={cx(textLinkClass, 'inline-flex items-center gap-1 text-current underline')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {t.openAdmin} <span className="sr-only">{messages.integrations.shopify.newTab}</span>
        </a>
      )}
    </>
  );
}
