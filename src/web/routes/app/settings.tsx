import { useCustomerLanguages, useSettings } from '#web/api/settings';
import { CustomerLanguagesForm } from '#web/components/languages/CustomerLanguagesForm';
import { DeliverabilitySection } from '#web/components/settings/DeliverabilitySection';
import { SettingsForm } from '#web/components/settings/SettingsForm';
import { QueryState } from '#web/components/ui/QueryState';
import { StoreQueryState } from '#web/components/ui/StoreQueryState';
import { messages } from '#web/i18n';
import { serverMessage } from '#web/lib/api';
import { usePageHeader } from '#web/lib/page-header';

const t = messages.settings;

/**
 * /app/settings (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/limits.md): where merchant alerts go, how many review requests may
 * leave per day, and the unsubscribe link every e-mail carries. Until the merchant saves, the
 * server sends the defaults (the account's address, 1 000 a day). Below, 'Délivrabilité' (issue 18):
 * the store's own sending address and its DNS records, shown once the store is known to exist.
 * Between them, « Langues de vos clients » (decision 056, `#langues`).
 */
export default function SettingsScreen() {
  usePageHeader(t.title, t.subtitle);

  const query = useSettings();
  const error = query.error;
  const reason = serverMessage(error) ? ` ${serverMessage(error)}` : '';

  return (
    <StoreQueryState query={query} noStore={t.noStore} loadingLabel={t.loading} errorMessage={`${t.loadError}${reason}`}>
      {(data) => (
        <div className="space-y-6">
          <SettingsForm settings={data} />
          <CustomerLanguagesSection />
          <DeliverabilitySection />
        </div>
      )}
    </StoreQueryState>
  );
}

/** « Langues de vos clients », read apart from the settings (its own endpoint); the templates screen links here. */
function CustomerLanguagesSection() {
  const query = useCustomerLanguages();
  return (
    <div id="langues" className="scroll-mt-6">
      <QueryState query={query} loadingLabel={t.languages.loading} errorMessage={t.languages.loadError}>
        {(languages) => <CustomerLanguagesForm languages={languages} />}
      </QueryState>
    </div>
  );
}
