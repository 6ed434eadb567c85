import { useId, useRef, type Ref } from 'react';
import type { DisconnectChoice } from '#web/api/shopify';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { useRequiredChoice } from '#web/lib/required-choice';
import { buttonClass } from '../ui/button';
import { Modal } from '../ui/Modal';

const t = messages.integrations.confirm;

/** The recommended choice first: it stops Shopify's billing. */
const CHOICES: readonly DisconnectChoice[] = ['remove', 'keep'];

/**
 * 'Déconnecter la boutique ?': says that Shopify's subscription and installation are separate from
 * the link here, and asks what becomes of them, as a radio group (arrow keys move between the two,
 * Enter confirms). Nothing is chosen beforehand: keeping would bill the merchant for an app that no
 * longer sends anything, removing uninstalls the app from their shop; neither is decided for them.
 * 'remove' comes first, marked as recommended. Confirming without a choice says so and puts the
 * focus on the first option. Focus starts on Annuler (the safe action), as in every confirmation.
 */
export function DisconnectDialog({ shop, busy, onConfirm, onCancel }: { shop: string; busy: boolean; onConfirm: (choice: DisconnectChoice) => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { choice, choose, missing, firstRef, name, errorId, submit } = useRequiredChoice(onConfirm, busy);

  return (
    <Modal
      title={t.title}
      description={
        <>
          <p>{t.body(shop)}</p>
          <p className="mt-2">{t.separate}</p>
        </>
      }
      onClose={onCancel}
      busy={busy}
      initialFocusRef={cancelRef}
    >
      <form noValidate onSubmit={submit}>
        <fieldset disabled={busy} aria-describedby={missing ? errorId : undefined}>
          <legend className="text-sm font-semibold text-slate-900">{t.legend}</legend>
          {missing && (
            <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {t.required}
            </p>
          )}
          <div className="mt-3 space-y-3">
            {CHOICES.map((value, index) => (
              <Choice key={value} name={name} value={value} checked={choice === value} inputRef={index === 0 ? firstRef : undefined} onChoose={() => choose(value)} />
            ))}
          </div>
        </fieldset>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" onClick={onCancel} disabled={busy} className={buttonClass('secondary')}>
            {t.cancel}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass('danger')}>
            {busy ? t.confirming : t.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Choice({ name, value, checked, inputRef, onChoose }: { name: string; value: DisconnectChoice; checked: boolean; inputRef?: Ref<HTMLInputElement>; onChoose: () => void }) {
  const id = useId();
  const hintId = useId();
  const { label, hint } = t.choices[value];
  return (
    <div className={cx('flex items-start gap-3 rounded-xl border p-4', checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200')}>
      <input
        ref={inputRef}
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <div className="text-sm">
        <label htmlFor={id} className="cursor-pointer font-medium text-slate-900">
          {label}
        </label>
        <p id={hintId} className="mt-0.5 text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
