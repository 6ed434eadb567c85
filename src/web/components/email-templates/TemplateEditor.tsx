import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { DEFAULT_TEMPLATE } from '#core/email/review-email';
import { reviewEmailTexts } from '#core/email/texts';
import { TEMPLATE_LIMITS, templateInput, type TemplateInput } from '#core/api/email-templates';
import { useSaveEmailTemplate, useSendTestEmail, useUploadTemplateLogo, type EmailTemplateConfig, type TemplateBody } from '#web/api/email-templates';
import { messages } from '#web/i18n';
import type { TemplateTextField, TemplateVariable } from '#web/i18n/fr/email-templates';
import { serverMessage } from '#web/lib/api';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { ErrorAlert, SuccessAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { ImageUpload } from '../ui/ImageUpload';
import { textLinkClass, TextAreaField, TextField } from '../ui/TextField';
import { ColorField } from '../ui/ColorField';
import { EmailPreview } from './EmailPreview';
import { bodyOf, formValues, insertVariable, renderPreview, warningsOf, type LogoState, type PreviewKind, type TemplateFormValues } from './template-form';
import { LiveWarnings, WarningsConfirm } from './TemplateWarnings';
import { VariableButtons } from './VariableButtons';
import { InfoNotice } from '../ui/InfoNotice';
import { SaveBar } from '../ui/SaveBar';
import { TextLanguagePicker } from '../languages/TextLanguagePicker';
import type { CustomerLanguage } from '#core/customer-language';

const t = messages.emailTemplates;

type ReminderField = Extract<TemplateTextField, 'reminder_subject' | 'reminder_first_line'>;
const isReminderField = (name: TemplateTextField): name is ReminderField => name === 'reminder_subject' || name === 'reminder_first_line';

/** The server's own message for a failed upload, else the spec's « Erreur d’upload ». */
function uploadMessage(error: unknown): string {
  return serverMessage(error) ?? t.logo.uploadError;
}

// The contract's own schema: the form's all-string values are one of the inputs it takes.
const formResolver = zodResolver(templateInput) as Resolver<TemplateFormValues, unknown, TemplateInput>;

/**
 * The editor and its live preview: every change is rendered at once by the sender's own function,
 * warned about as typed, and saved (after a confirmation when warned) or sent as a test.
 */
export function TemplateEditor({
  config,
  asked,
  onLanguageChange,
}: {
  config: EmailTemplateConfig;
  /** The language the address asks for (undefined: the store's default): the key the saves keep their answer under. */
  asked: CustomerLanguage | undefined;
  onLanguageChange: (language: CustomerLanguage) => void;
}) {
  const id = useId();
  const saveNotice = useTransientMessage();
  const logoNotice = useTransientMessage();
  const testNotice = useTransientMessage();

  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<TemplateFormValues, unknown, TemplateInput>({
    resolver: formResolver,
    defaultValues: formValues(config),
  });
  const watched = useWatch({ control });
  const values: TemplateFormValues = { ...formValues(config), ...watched };

  const [logo, setLogo] = useState<LogoState>({ logo: config.template.logo, changed: false });
  // The logo as last saved: what discarding the changes puts back.
  const [savedLogo, setSavedLogo] = useState(config.template.logo);
  const [logoError, setLogoError] = useState<string | null>(null);
  const upload = useUploadTemplateLogo();
  const save = useSaveEmailTemplate(asked);
  const test = useSendTestEmail();
  const [confirming, setConfirming] = useState<TemplateBody | null>(null);

  const [previewKind, setPreviewKind] = useState<PreviewKind>('first');
  const previews = { first: renderPreview(values, logo.logo, config, 'first'), reminder: renderPreview(values, logo.logo, config, 'reminder') };
  const preview = previews[previewKind];
  const warnings = warningsOf(values, [previews.first, previews.reminder]);

  // The text field a variable goes into: the last one focused (the body until then).
  const formRef = useRef<HTMLFormElement>(null);
  // The reminder's section has its own buttons, for its own two fields.
  const [target, setTarget] = useState<TemplateTextField>('body_content');
  const [reminderTarget, setReminderTarget] = useState<ReminderField>('reminder_first_line');
  const textField = (name: TemplateTextField) => ({
    ...register(name),
    onFocus: () => {
      if (isReminderField(name)) {
        setReminderTarget(name);
        // Editing the reminder's texts shows the reminder; the other fields leave the choice as it is.
        setPreviewKind('reminder');
      } else setTarget(name);
    },
  });

  const insert = (variable: TemplateVariable, target: TemplateTextField) => {
    const element = formRef.current?.elements.namedItem(target);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
    const start = element.selectionStart ?? element.value.length;
    const end = element.selectionEnd ?? start;
    const next = insertVariable(element.value, start, end, variable);
    setValue(target, next.value, { shouldDirty: true, shouldValidate: isSubmitted });
    // The merchant goes on typing where they were, after the variable.
    element.focus();
    element.setSelectionRange(next.caret, next.caret);
  };

  const selectLogo = (file: File) => {
    setLogoError(null);
    logoNotice.clear();
    // Judged here first by its declared type and size; the server judges the content again.
    if (!file.type.startsWith('image/')) return setLogoError(t.logo.notImage);
    if (file.size > TEMPLATE_LIMITS.logoMaxBytes) return setLogoError(t.logo.tooLarge);
    upload.mutate(file, {
      onSuccess: (stored) => {
        setLogo({ logo: stored, changed: true });
        logoNotice.show(t.logo.uploaded);
      },
      onError: (error) => setLogoError(uploadMessage(error)),
    });
  };
  const removeLogo = () => {
    setLogoError(null);
    setLogo({ logo: null, changed: true });
    logoNotice.show(t.logo.removed);
  };

  const persist = (body: TemplateBody) => {
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        setSavedLogo(saved.template.logo);
        setLogo({ logo: saved.template.logo, changed: false });
        setConfirming(null);
        saveNotice.show(t.saved);
      },
      onError: () => setConfirming(null),
    });
  };
  const submit = (input: TemplateInput) => {
    saveNotice.clear();
    const body = { ...bodyOf(input, logo), language: config.language };
    if (warnings.length > 0) setConfirming(body);
    else persist(body);
  };
  const sendTest = handleSubmit((input) => {
    testNotice.clear();
    test.mutate({ ...bodyOf(input, logo), language: config.language }, { onSuccess: ({ sent_to }) => testNotice.show(t.test.sent(sent_to)) });
  });

  const busy = save.isPending;
  const dirty = isDirty || logo.changed;
  const { email_greeting: greeting, email_closing: closing } = config.page_texts;
  const shipped = reviewEmailTexts[config.language];

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <form ref={formRef} noValidate aria-label={t.formLabel} aria-busy={busy || undefined} onSubmit={handleSubmit(submit)} className="min-w-0 space-y-6">
        <TextLanguagePicker languages={config.languages} defaultLanguage={config.default_language} value={config.language} onChange={onLanguageChange} locked={dirty} />
        {!config.saved && <InfoNotice heading={t.defaults.heading} body={t.defaults.body} />}

        <section aria-labelledby={`${id}-editor`} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id={`${id}-editor`} className="text-lg font-semibold text-slate-900">
            {t.editorHeading}
          </h2>
          <TextField label={t.fields.subject} error={errors.subject?.message} maxLength={TEMPLATE_LIMITS.subjectMax} required {...textField('subject')} />
          <TextField
            label={t.fields.fromName}
            hint={t.fields.fromNameHint(config.store_name)}
            placeholder={config.store_name}
            error={errors.from_name?.message}
            maxLength={TEMPLATE_LIMITS.fromNameMax}
            {...register('from_name')}
          />
          <div>
            <ImageUpload
              id={`${id}-logo`}
              label={t.fields.logo}
              hint={t.fields.logoHint}
              accept="image/*"
              previewUrl={logo.logo?.url ?? null}
              previewAlt={t.fields.logoAlt}
              busy={upload.isPending}
              error={logoError}
              onSelect={selectLogo}
              onRemove={logo.logo ? removeLogo : undefined}
              removeLabel={t.fields.logoRemove}
              chooseLabel={t.fields.logoChoose}
            />
            {logoNotice.message && <SuccessAlert className="mt-3">{logoNotice.message}</SuccessAlert>}
          </div>

          <VariableButtons target={t.fieldNames[target]} onInsert={(variable) => insert(variable, target)} />

          <TextAreaField label={t.fields.body} hint={t.fields.bodyHint} error={errors.body_content?.message} rows={10} required {...textField('body_content')} />

          <div className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700">
            <p className="font-medium text-slate-800">{t.pageTexts.heading}</p>
            <p className="mt-1">{t.pageTexts.body}</p>
            <dl className="mt-2 space-y-1">
              <div>
                <dt className="inline font-medium">{t.pageTexts.greeting}</dt>{' '}
                <dd className="inline">{greeting ? t.pageTexts.quoted(greeting) : t.pageTexts.defaultGreeting(shipped.defaultGreeting)}</dd>
              </div>
              <div>
                <dt className="inline font-medium">{t.pageTexts.closing}</dt> <dd className="inline">{closing ? t.pageTexts.quoted(closing) : t.pageTexts.noClosing}</dd>
              </div>
            </dl>
            <Link to={`/app/branding?langue=${config.language}`} className={`${textLinkClass} mt-2 inline-block`}>
              {t.pageTexts.link}
            </Link>
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t.fields.buttonText} error={errors.button_text?.message} maxLength={TEMPLATE_LIMITS.buttonTextMax} required {...textField('button_text')} />
            <ColorField
              name="button_color"
              control={control}
              fallback={DEFAULT_TEMPLATE.buttonColor}
              label={t.fields.buttonColor}
              pickerLabel={t.fields.buttonColorPicker}
              hint={t.fields.buttonColorHint}
            />
          </div>
          <TextField
            label={t.fields.buttonUrl}
            hint={t.fields.buttonUrlHint}
            error={errors.button_url_template?.message}
            maxLength={TEMPLATE_LIMITS.buttonUrlMax}
            required
            autoCapitalize="none"
            spellCheck={false}
            {...textField('button_url_template')}
          />
          <TextAreaField label={t.fields.footer} error={errors.footer_text?.message} rows={2} maxLength={TEMPLATE_LIMITS.footerMax} {...textField('footer_text')} />
        </section>

        <section aria-labelledby={`${id}-reminder`} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <div>
            <h2 id={`${id}-reminder`} className="text-lg font-semibold text-slate-900">
              {t.reminder.heading}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t.reminder.intro}</p>
            <Link to="/app/flow" className={`${textLinkClass} mt-2 inline-block text-sm`}>
              {t.reminder.flowLink}
            </Link>
          </div>
          <TextField
            label={t.reminder.subject}
            hint={t.reminder.defaultHint(shipped.reminderSubject)}
            placeholder={shipped.reminderSubject}
            error={errors.reminder_subject?.message}
            maxLength={TEMPLATE_LIMITS.reminderSubjectMax}
            {...textField('reminder_subject')}
          />
          <TextAreaField
            label={t.reminder.firstLine}
            hint={`${t.reminder.firstLineHint} ${t.reminder.defaultHint(shipped.reminderFirstLine)}`}
            placeholder={shipped.reminderFirstLine}
            error={errors.reminder_first_line?.message}
            rows={3}
            maxLength={TEMPLATE_LIMITS.reminderFirstLineMax}
            {...textField('reminder_first_line')}
          />
          <VariableButtons target={t.fieldNames[reminderTarget]} onInsert={(variable) => insert(variable, reminderTarget)} names={t.variables.insertReminder} />
        </section>

        <SaveBar
          onDiscard={() => {
            reset();
            setLogo({ logo: savedLogo, changed: false });
          }}
          busy={busy}
          dirty={dirty}
          notice={saveNotice.message}
          error={save.isError ? save.error.message : null}
          top={<LiveWarnings warnings={warnings} />}
          className="p-4 sm:p-6"
        >
          <div className="space-y-3 border-t border-slate-200 pt-4">
            <p id={`${id}-test-hint`} className="text-sm text-slate-600">
              {t.test.hint}
            </p>
            <button
              type="button"
              onClick={sendTest}
              disabled={test.isPending}
              aria-busy={test.isPending || undefined}
              aria-describedby={`${id}-test-hint`}
              className={buttonClass('secondary', 'md', 'max-w-full [overflow-wrap:anywhere]')}
            >
              {test.isPending ? t.test.sending : t.test.send(config.test_recipient)}
            </button>
            {testNotice.message && <SuccessAlert>{testNotice.message}</SuccessAlert>}
            {test.isError && <ErrorAlert>{test.error.message}</ErrorAlert>}
          </div>
        </SaveBar>
      </form>

      <div className="min-w-0 xl:sticky xl:top-6">
        <EmailPreview
          preview={preview}
          recipient={config.sample.customer_name}
          note={t.preview.note(config.sample.customer_name, config.sample.order_number)}
          kind={previewKind}
          onKindChange={setPreviewKind}
        />
      </div>

      {confirming && <WarningsConfirm warnings={warnings} busy={busy} onConfirm={() => persist(confirming)} onCancel={() => setConfirming(null)} />}
    </div>
  );
}
