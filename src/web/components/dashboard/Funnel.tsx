import type { Funnel as FunnelFigures } from '#core/api/dashboard';
import { messages } from '#web/i18n';
import { DashboardSection } from './Section';

const t = messages.dashboard.funnel;
const STEPS = ['sent', 'opened', 'visited', 'reviewed'] as const;

/**
 * The period's e-mails step by step: sent, opened (an estimate, said so), review page visited,
 * review left, each as a share of the sends, and the response rate.
 */
export function Funnel({ funnel }: { funnel: FunnelFigures }) {
  return (
    <DashboardSection title={t.title} intro={t.intro}>
      {funnel.sent === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <>
          <ol className="space-y-3">
            {STEPS.map((step) => {
              const share = funnel[step] / funnel.sent;
              return (
                <li key={step}>
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-medium text-slate-800">{t.steps[step]}</span>
                    <span className="text-slate-900">
                      <span className="font-semibold">{funnel[step].toLocaleString('fr-FR')}</span>
                      {step !== 'sent' && <span className="text-slate-600"> · {t.share(share)}</span>}
                    </span>
                  </div>
                  <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                    <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.min(100, share * 100)}%` }} />
                  </div>
                </li>
              );
            })}
          </ol>
          <p className="mt-4 text-lg font-semibold text-slate-900">{t.responseRate(funnel.reviewed / funnel.sent)}</p>
        </>
      )}
      <p className="mt-3 text-xs text-slate-600">{t.opensNote}</p>
      <p className="mt-1 text-xs text-slate-600">{t.sentNote}</p>
    </DashboardSection>
  );
}
