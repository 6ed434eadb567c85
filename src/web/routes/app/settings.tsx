import { useSettings } from '#web/api/settings';
import { DeliverabilitySection } from '#web/components/settings/DeliverabilitySection';
import { SettingsForm } from '#web/components/settings/SettingsForm';
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
          <DeliverabilitySection />
        </div>
      )}
    </StoreQueryState>
  );
}
