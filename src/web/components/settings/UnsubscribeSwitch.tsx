import { useId } from 'react';
import { messages } from '#web/i18n';

const t = messages.settings.sending;

/**
 * Unsubscribe is not a setting (docs/product/stances.md): a switch shown on and disabled, with the reason, so
 * the merchant sees that every e-mail carries the link and why it cannot be removed.
 */
export function UnsubscribeSwitch() {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input id={id} type="checkbox" role="switch" defaultChecked disabled aria-describedby={`${id}-state ${id}-reason`} className="peer sr-only" />
        <span aria-hidden="true" className="flex h-6 w-11 items-center rounded-full bg-brand-700 p-0.5 opacity-70">
          <span className="ml-auto size-5 rounded-full bg-white shadow" />
        </span>
      </span>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {t.unsubscribe}
          </label>
          <span id={`${id}-state`} className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
            {t.alwaysOn}
          </span>
        </div>
        <p id={`${id}-reason`} className="mt-1 text-sm text-slate-600">
          {t.unsubscribeReason}
        </p>
      </div>
    </div>
  );
}
