import { Check, Copy, Lightbulb } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCreateShareLink, type ShareLink } from '#web/api/review-requests';
import { messages } from '#web/i18n';
import { ErrorAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { Spinner } from '../ui/Spinner';
import { textLinkClass } from '../ui/TextField';
import { Modal } from '../ui/Modal';

const t = messages.schedule.shareLink;

/** How long 'Copié' shows after a copy (docs/product/limits.md). */
export const copiedDurationMs = 2_000;

/**
 * 'Partager le lien d'avis' (docs/product/screens.md and docs/product/errors.md): on opening, asks the server for a new review
 * link (POST /api/review-requests/share-link, which records a request with channel 'link') and shows
 * it in a read-only field with 'Copier' ('Copié' for 2 s), a tip about Branding & Pages, and 'Fermer'.
 * Render it only while open; `onCreated` runs once the link exists (e.g. to refresh a list).
 */
export function ShareLinkModal({ onClose, onCreated }: { onClose: () => void; onCreated?: (link: ShareLink) => void }) {
  const inputId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  }, [onCreated]);

  const generate = useCreateShareLink();
  const { mutate: create } = generate;
  const mutate = useCallback(
    (renew = false) =>
      create(renew, {
        onSuccess: (link) => {
          onCreatedRef.current?.(link);
          // The link is ready: the copy button is the next thing to do.
          requestAnimationFrame(() => copyRef.current?.focus());
        },
      }),
    [create],
  );

  // One request per opening (a ref survives StrictMode's double effect, so no second request).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [confirmingRenew, setConfirmingRenew] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const inputRef = useRef<HTMLInputElement>(null);
  const url = generate.data?.url ?? '';

  const copy = async () => {
    clearTimeout(copyTimer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
      copyTimer.current = setTimeout(() => setCopyState('idle'), copiedDurationMs);
    } catch {
      setCopyState('failed');
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <Modal title={t.title} description={t.description} onClose={onClose} initialFocusRef={closeRef}>
      <div className="space-y-4">
        {generate.isPending || generate.isIdle ? (
          <Spinner label={t.generating} className="justify-start py-3" />
        ) : generate.isError ? (
          <ErrorAlert
            action={
              <button type="button" onClick={() => mutate(renewed)} className={buttonClass('secondary', 'sm')}>
                {t.retry}
              </button>
            }
          >
            {t.failed}
          </ErrorAlert>
        ) : (
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              {t.linkLabel}
            </label>
            <div className="mt-1 flex flex-col gap-2 sm:flex-row">
              <input
                ref={inputRef}
                id={inputId}
                type="url"
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="block w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none"
              />
              <button ref={copyRef} type="button" onClick={() => void copy()} className={buttonClass('primary', 'md', 'shrink-0')}>
                {copyState === 'copied' ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
                {copyState === 'copied' ? t.copied : t.copy}
              </button>
            </div>
            <p role="status" className="mt-2 text-sm">
              {copyState === 'copied' && <span className="sr-only">{t.copiedAnnouncement}</span>}
              {copyState === 'failed' && <span className="text-red-700">{t.copyFailed}</span>}
              {renewed && copyState === 'idle' && <span className="text-slate-700">{t.renewed}</span>}
            </p>
            <p className="mt-1 text-sm text-slate-600">{t.reused}</p>
            <p className="mt-1 text-sm text-slate-600">{t.unverified}</p>
            {confirmingRenew ? (
              <div className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                <p>{t.renewWarning}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonClass('primary', 'sm')}
                    onClick={() => {
                      setConfirmingRenew(false);
                      setRenewed(true);
                      setCopyState('idle');
                      mutate(true);
                    }}
                  >
                    {t.renewConfirm}
                  </button>
                  <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setConfirmingRenew(false)}>
                    {t.renewCancel}
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={() => setConfirmingRenew(true)}>
                {t.renew}
              </button>
            )}
          </div>
        )}

        <p className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-slate-700">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            {t.tip}{' '}
            <Link to="/app/branding" className={textLinkClass}>
              {t.tipLink}
            </Link>
            .
          </span>
        </p>

        <div className="flex justify-end">
          <button ref={closeRef} type="button" onClick={onClose} className={buttonClass('secondary')}>
            {t.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
