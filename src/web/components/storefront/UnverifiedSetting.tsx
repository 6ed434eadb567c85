import { useId, useState } from 'react';
import { useSaveStorefrontSettings } from '#web/api/storefront';
import type { StorefrontSettings } from '#core/api/storefront';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { ErrorAlert, SuccessAlert } from '../ui/Alert';

const t = messages.storefront.unverified;

/**
 * Whether the storefront also shows reviews without a verified purchase (the shared link's), marked
 * « Achat non vérifié » (decision 044). Off until the merchant turns it on; a switch saves at once.
 */
export function UnverifiedSetting({ settings }: { settings: StorefrontSettings }) {
  const labelId = useId();
  const helpId = useId();
  const save = useSaveStorefrontSettings();
  const [saved, setSaved] = useState<boolean | null>(null);
  // While the save runs, the switch shows what was asked; then what the server answered (re-read).
  const on = save.isPending ? save.variables.show_unverified_reviews : settings.show_unverified_reviews;
  const toggle = () => {
    setSaved(null);
    save.mutate({ show_unverified_reviews: !on }, { onSuccess: (answer) => setSaved(answer.show_unverified_reviews) });
  };
  return (
    <section aria-labelledby="storefront-unverified" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="storefront-unverified" className="text-base font-semibold text-slate-900">
        {t.heading}
      </h2>
      <div className="mt-3 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-slate-800">
            {t.label}
          </p>
          <p id={helpId} className="mt-1 text-sm text-slate-600">
            {t.help}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          aria-busy={save.isPending || undefined}
          disabled={save.isPending}
          onClick={toggle}
          className={cx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full p-0.5 transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70',
            on ? 'bg-brand-700' : 'bg-slate-400',
          )}
        >
          <span aria-hidden="true" className={cx('size-5 rounded-full bg-white shadow transition-transform', on && 'translate-x-5')} />
        </button>
      </div>
      <div aria-live="polite">{saved !== null && <SuccessAlert className="mt-3">{saved ? t.savedOn : t.savedOff}</SuccessAlert>}</div>
      {save.isError && <ErrorAlert className="mt-3">{save.error.message || t.saveError}</ErrorAlert>}
    </section>
  );
}
