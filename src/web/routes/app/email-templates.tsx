import { Link } from 'react-router';
import { useEmailTemplate } from '#web/api/email-templates';
import { useCustomerLanguages } from '#web/api/settings';
import { UnservedLanguages } from '#web/components/languages/UnservedLanguages';
import { UnwrittenLanguages } from '#web/components/languages/UnwrittenLanguages';
import { useTextLanguage } from '#web/components/languages/TextLanguagePicker';
import { TemplateEditor } from '#web/components/email-templates/TemplateEditor';
import { StoreQueryState } from '#web/components/ui/StoreQueryState';
import { messages } from '#web/i18n';
import { serverMessage } from '#web/lib/api';
import { usePageHeader } from '#web/lib/page-header';

const t = messages.emailTemplates;

/**
 * /app/email-templates, the review-request e-mail (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md): an editor beside a
 * live preview rendered by the sender's own function, warnings before a save, a test e-mail to the
 * merchant. Until the merchant saves, the server sends the spec's default template.
 */
export default function EmailTemplatesScreen() {
  usePageHeader(t.title, t.subtitle);

  // The template of `?langue=` (decision 057), else of the store's default language.
  const [language, setLanguage] = useTextLanguage();
  const query = useEmailTemplate(language);
  const error = query.error;
  const reason = serverMessage(error) ? ` ${serverMessage(error)}` : '';

  return (
    <StoreQueryState query={query} noStore={t.noStore} loadingLabel={t.loading} errorMessage={`${t.loadError}${reason}`}>
      {(data) => (
        <div className="space-y-6">
          <LanguagesNotice />
          {/* Another language is another template: a fresh form. */}
          <TemplateEditor key={data.language} config={data} asked={language} onLanguageChange={setLanguage} />
        </div>
      )}
    </StoreQueryState>
  );
}

/**
 * Said plainly where the template is written (decisions 056, 057): the recent orders in a language
 * the store does not serve, asked in its default language, and those in a language it serves without
 * the merchant's template; nothing until read, or when there are none.
 */
function LanguagesNotice() {
  const languages = useCustomerLanguages();
  if (!languages.data) return null;
  return (
    <>
      <UnservedLanguages
        languages={languages.data}
        action={
          <Link to="/app/settings#langues" className="font-semibold text-amber-950 underline underline-offset-2">
            {messages.settings.languages.choose}
          </Link>
        }
      />
      <UnwrittenLanguages languages={languages.data} />
    </>
  );
}
