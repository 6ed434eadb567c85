import { useId, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { contrastRatio, readableOn } from '#core/color';
import type { CustomerLanguage } from '#core/customer-language';
import { useSaveIdentity, useUploadLogo, type BrandingConfig } from '#web/api/branding';
import { messages } from '#web/i18n';
import { isClientError } from '#web/lib/api';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { SuccessAlert, WarningNote } from '../ui/Alert';
import { ImageUpload } from '../ui/ImageUpload';
import { COLOR_FIELDS, identityBody, identityValues, isHexColor, LOGO_ACCEPT, logoFileError, type IdentityFormValues } from './branding-form';
import { ColorField } from '../ui/ColorField';
import { InfoNotice } from '../ui/InfoNotice';
import { SaveBar } from '../ui/SaveBar';
import { SaveFailure } from './SaveFailure';

const t = messages.branding;

/** WCAG AA for normal text: below it the review page shows a readable colour instead (core/color.ts legibleText). */
const MIN_CONTRAST = 4.5;

/**
 * The visual identity tab's form: the logo (checked in the browser, then uploaded; kept by the
 * save) and the three colours, with a contrast note when the button's text would be hard to read.
 * The form lives in the screen (`form`) so the preview reads its unsaved values.
 */
export function IdentityForm({
  form,
  data,
  asked,
}: {
  form: UseFormReturn<IdentityFormValues>;
  data: BrandingConfig;
  /** The language the address asks for: the key of the cached configuration the save updates. */
  asked: CustomerLanguage | undefined;
}) {
  const logoHeadingId = useId();
  const colorsHeadingId = useId();
  const inputId = useId();
  const { control, handleSubmit, reset, setValue, formState } = form;
  const notice = useTransientMessage();
  const logoNotice = useTransientMessage();
  const [logoError, setLogoError] = useState<string | null>(null);

  const upload = useUploadLogo();
  const save = useSaveIdentity(asked);

  const logo = useWatch({ control, name: 'logo' });
  const textColor = useWatch({ control, name: 'button_text_color' });
  const buttonColor = useWatch({ control, name: 'button_bg_color' });
  const ratio = isHexColor(textColor) && isHexColor(buttonColor) ? contrastRatio(textColor, buttonColor) : null;
  const lowContrast = ratio !== null && ratio < MIN_CONTRAST;

  const chooseLogo = (file: File) => {
    logoNotice.clear();
    const refused = logoFileError(file);
    setLogoError(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: (stored) => {
        setValue('logo', stored, { shouldDirty: true });
        logoNotice.show(t.logo.uploaded);
      },
      // The server's sentence says what is wrong with the file; anything else gets the spec's.
      onError: (error) => setLogoError(isClientError(error) ? error.message : t.logo.uploadFailed),
    });
  };

  const removeLogo = () => {
    setLogoError(null);
    setValue('logo', null, { shouldDirty: true });
    logoNotice.show(t.logo.removed);
  };

  const submit = (values: IdentityFormValues) => {
    notice.clear();
    save.mutate(identityBody(values), {
      onSuccess: (saved) => {
        reset(identityValues(saved));
        notice.show(t.saved);
      },
    });
  };

  return (
    <form noValidate aria-label={t.identity.formLabel} onSubmit={handleSubmit(submit)} className="min-w-0 space-y-6">
      {!data.identity_saved && <InfoNotice heading={t.defaults.heading} body={t.defaults.body} />}

      <section aria-labelledby={logoHeadingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={logoHeadingId} className="text-lg font-semibold text-slate-900">
          {t.identity.logoHeading}
        </h2>
        <ImageUpload
          id={inputId}
          label={t.logo.label}
          hint={t.logo.hint}
          accept={LOGO_ACCEPT}
          previewUrl={logo?.url ?? null}
          previewAlt={t.logo.previewAlt}
          busy={upload.isPending}
          error={logoError}
          onSelect={chooseLogo}
          onRemove={removeLogo}
          removeLabel={t.logo.remove}
          chooseLabel={t.logo.choose}
        />
        {logoNotice.message && <SuccessAlert>{logoNotice.message}</SuccessAlert>}
      </section>

      <section aria-labelledby={colorsHeadingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <h2 id={colorsHeadingId} className="text-lg font-semibold text-slate-900">
            {t.identity.colorsHeading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t.identity.colorsIntro}</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {COLOR_FIELDS.map((name) => (
            <ColorField
              key={name}
              name={name}
              control={control}
              fallback={data.identity[name]}
              label={t.colors[name].label}
              pickerLabel={t.colors.picker(t.colors[name].label)}
              hint={t.colors[name].hint}
            />
          ))}
        </div>
        <div role="status" className="empty:hidden">
          {lowContrast && (
            <WarningNote>{t.colors.contrast(ratio.toLocaleString('fr-FR', { maximumFractionDigits: 1 }), readableOn(buttonColor) === '#ffffff' ? 'light' : 'dark')}</WarningNote>
          )}
        </div>
      </section>

      <SaveBar onDiscard={() => reset()} busy={save.isPending} dirty={formState.isDirty} notice={notice.message} error={save.error && <SaveFailure error={save.error} />} />
    </form>
  );
}
