import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useSavePage, type BrandingConfig } from '#web/api/branding';
import { messages } from '#web/i18n';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { PAGE_FIELDS, pageValues, type PageField, type PageFormOutput, type PageFormValues } from './branding-form';
import { CountedTextField } from './CountedTextField';
import { InfoNotice } from '../ui/InfoNotice';
import { SaveBar } from '../ui/SaveBar';
import { SaveFailure } from './SaveFailure';
import { TextLanguagePicker } from '../languages/TextLanguagePicker';
import type { CustomerLanguage } from '#core/customer-language';

const t = messages.branding;

/** The fields of each section of the form, in the order the customer meets them. */
const SECTIONS = [
  { heading: t.page.reviewHeading, fields: ['page_title', 'page_description', 'button_text'] },
  { heading: t.page.feedbackHeading, fields: ['thank_you_message', 'positive_feedback_message', 'negative_feedback_message'] },
  { heading: t.page.emailHeading, fields: ['email_greeting', 'email_closing'] },
] as const satisfies readonly { heading: string; fields: readonly PageField[] }[];

/** One line for a title or a button, several for a message. */
const SINGLE_LINE: readonly PageField[] = ['page_title', 'button_text'];

/**
 * The page customisation tab's form: the review page's texts and the review e-mail's greeting and
 * closing. An empty text shows the page's default (given as the placeholder where the server says
 * it). The form lives in the screen (`form`) so the preview reads its unsaved values.
 */
export function PageForm({
  form,
  data,
  asked,
  onLanguageChange,
  identityDirty,
}: {
  form: UseFormReturn<PageFormValues, unknown, PageFormOutput>;
  data: BrandingConfig;
  /** The language the address asks for (undefined: the store's default): the key the save keeps its answer under. */
  asked: CustomerLanguage | undefined;
  onLanguageChange: (language: CustomerLanguage) => void;
  /** The other tab's unsaved changes: a language switch starts both forms afresh, so it waits for them too. */
  identityDirty: boolean;
}) {
  const id = useId();
  const { control, register, handleSubmit, reset, formState } = form;
  const values = useWatch({ control });
  const notice = useTransientMessage();
  const save = useSavePage(asked);

  const placeholders: Partial<Record<PageField, string>> = data.page_defaults;

  const submit = (body: PageFormOutput) => {
    notice.clear();
    save.mutate(
      { ...body, language: data.language },
      {
        onSuccess: (saved) => {
          reset(pageValues(saved));
          notice.show(t.saved);
        },
      },
    );
  };

  return (
    <form noValidate aria-label={t.page.formLabel} onSubmit={handleSubmit(submit)} className="min-w-0 space-y-6">
      <TextLanguagePicker
        languages={data.languages}
        defaultLanguage={data.default_language}
        value={data.language}
        onChange={onLanguageChange}
        locked={formState.isDirty || identityDirty}
      />
      {!data.page_saved && <InfoNotice heading={t.defaults.heading} body={t.defaults.body} />}

      {SECTIONS.map((section, index) => (
        <section key={section.heading} aria-labelledby={`${id}-${index}`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id={`${id}-${index}`} className="text-lg font-semibold text-slate-900">
            {section.heading}
          </h2>
          {section.fields.map((name) => (
            <CountedTextField
              key={name}
              label={t.page.fields[name].label}
              hint={t.page.fields[name].hint}
              placeholder={placeholders[name]}
              max={PAGE_FIELDS[name]}
              length={values[name]?.length ?? 0}
              error={formState.errors[name]?.message}
              multiline={!SINGLE_LINE.includes(name)}
              registration={register(name)}
            />
          ))}
        </section>
      ))}

      <SaveBar onDiscard={() => reset()} busy={save.isPending} dirty={formState.isDirty} notice={notice.message} error={save.error && <SaveFailure error={save.error} />} />
    </form>
  );
}
