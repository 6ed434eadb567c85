import { CircleCheck, CircleX } from 'lucide-react';
import { useId } from 'react';
import { useSelfTest, type SelfTestResult } from '#web/api/deliverability';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { ErrorAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';

const t = messages.deliverability.selfTest;

function summary(result: SelfTestResult): string {
  const failed = result.checks.filter((check) => !check.passed).length;
  return failed === 0 ? t.allPassed : t.failed(failed);
}

/** The checklist: each check passed or failed in words and by its icon, with the server's detail. */
function Checklist({ result, headingId }: { result: SelfTestResult; headingId: string }) {
  return (
    <div className="max-w-3xl rounded-xl border border-slate-200 p-4">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {t.resultHeading}
      </h4>
      <p className={cx('mt-1 text-sm font-semibold', result.passed ? 'text-green-800' : 'text-red-800')}>{summary(result)}</p>
      <p className="mt-1 text-sm break-words text-slate-700">{t.sentTo(result.sent_to)}</p>
      <p className="text-sm break-words text-slate-700">{t.from(result.from_address)}</p>
      <ul aria-label={t.listLabel} className="mt-3 space-y-3">
        {result.checks.map((check) => {
          const Icon = check.passed ? CircleCheck : CircleX;
          return (
            <li key={check.id} className="flex items-start gap-2">
              <Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', check.passed ? 'text-green-700' : 'text-red-700')} />
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {t.checks[check.id]}
                  {'\u202f: '}
                  <span className={check.passed ? 'text-green-800' : 'text-red-800'}>{check.passed ? t.passed : t.notPassed}</span>
                </p>
                {check.detail && <p className="text-xs break-words text-slate-600">{check.detail}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * 'Tester la délivrabilité': one e-mail through the real transport to the app's mailbox, checked
 * on arrival. The outcome is announced in a live region that stays mounted, so it is read out.
 */
export function SelfTestPanel() {
  const id = useId();
  const test = useSelfTest();
  const busy = test.isPending;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 border-t border-slate-200 pt-6">
      <div>
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {t.heading}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.intro}</p>
      </div>
      <button type="button" onClick={() => test.mutate()} disabled={busy} aria-busy={busy || undefined} className={buttonClass('secondary')}>
        {busy ? t.busy : t.action}
      </button>
      <p role="status" className="sr-only">
        {test.isSuccess ? `${t.resultHeading}\u202f: ${summary(test.data)}` : ''}
      </p>
      {test.isError && <ErrorAlert>{test.error.message}</ErrorAlert>}
      {test.isSuccess && <Checklist result={test.data} headingId={`${id}-result`} />}
    </section>
  );
}
