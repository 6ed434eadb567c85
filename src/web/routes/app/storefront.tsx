import { useStorefront } from '#web/api/storefront';
import { ModerationList } from '#web/components/storefront/ModerationList';
import { BlockPreview, InstallSteps } from '#web/components/storefront/StorefrontSetup';
import { UnverifiedSetting } from '#web/components/storefront/UnverifiedSetting';
import { StoreQueryState } from '#web/components/ui/StoreQueryState';
import { messages } from '#web/i18n';
import { usePageHeader } from '#web/lib/page-header';

const t = messages.storefront;

/**
 * /app/storefront: the reviews on the merchant's storefront (decision 028). What the block shows now
 * (average, count and the public line of hidden reviews), its preview, how to add it in the theme
 * editor, whether reviews without a verified purchase are shown too (decision 044), and the
 * moderation of every review: hide only for a stated reason, show again.
 */
export default function StorefrontScreen() {
  usePageHeader(t.title, t.subtitle);
  const status = useStorefront();
  return (
    <StoreQueryState query={status} loadingLabel={t.loading} errorMessage={t.loadError} noStore={t.noStore}>
      {({ shop_domain, block_editor_url, embed_editor_url, snapshot, settings }) => (
        <div className="space-y-6">
          <section aria-labelledby="storefront-summary" className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="storefront-summary" className="text-base font-semibold text-slate-900">
              {t.summary.heading}
            </h2>
            {snapshot.count === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{t.summary.none}</p>
            ) : (
              <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-sm text-slate-700">
                <strong className="text-2xl font-semibold text-slate-900">{t.summary.average(snapshot.average_label)}</strong>
                <span>{t.summary.count(snapshot.count)}</span>
              </p>
            )}
            {snapshot.hidden > 0 && <p className="mt-1 text-sm text-slate-700">{t.summary.hidden(snapshot.hidden)}</p>}
            <p className="mt-3 text-sm text-slate-600">{t.summary.honesty}</p>
          </section>
          <UnverifiedSetting settings={settings} />
          <div className="grid gap-6 xl:grid-cols-2">
            <BlockPreview />
            <InstallSteps shopDomain={shop_domain} blockUrl={block_editor_url} embedUrl={embed_editor_url} />
          </div>
          <ModerationList />
        </div>
      )}
    </StoreQueryState>
  );
}
