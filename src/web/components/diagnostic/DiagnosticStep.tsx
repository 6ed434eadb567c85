import { CircleCheck, CircleDashed, CircleX, LoaderCircle, TriangleAlert, Wrench } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import type { StepState } from './types';

const t = messages.shopifyDiagnostic;

const stateStyles: Record<StepState, { icon: typeof CircleCheck; iconClass: string; badgeClass: string }> = {
  pending: { icon: CircleDashed, iconClass: 'text-slate-400', badgeClass: 'bg-slate-100 text-slate-700' },
  running: { icon: LoaderCircle, iconClass: 'animate-spin text-brand-700', badgeClass: 'bg-slate-100 text-slate-700' },
  success: { icon: CircleCheck, iconClass: 'text-green-700', badgeClass: 'bg-green-100 text-green-800' },
  warning: { icon: TriangleAlert, iconClass: 'text-amber-600', badgeClass: 'bg-amber-100 text-amber-900' },
  error: { icon: CircleX, iconClass: 'text-red-700', badgeClass: 'bg-red-100 text-red-800' },
};

/** The step's state in words ("État : Réussi"); the icon beside it is decoration only. */
export function StepStateBadge({ state }: { state: StepState }) {
  return (
    <span className={cx('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', stateStyles[state].badgeClass)}>
      <span className="sr-only">{t.stateLabel} </span>
      {t.states[state]}
    </span>
  );
}

export function StepStateIcon({ state, className }: { state: StepState; className?: string }) {
  const { icon: Icon, iconClass } = stateStyles[state];
  return <Icon aria-hidden="true" className={cx('size-6 shrink-0', iconClass, className)} />;
}

export interface DiagnosticStepProps {
  /** 1-based position, shown as "Étape n". */
  number: number;
  title: string;
  state: StepState;
  /** One sentence saying what was found. */
  summary?: ReactNode;
  /** Lists of topics, events… */
  details?: ReactNode;
  /** The suggested fix, for warnings and errors. */
  fix?: ReactNode;
}

/**
 * One item of the diagnostic's ordered list: state icon, "Étape n", title (h3), the state in text,
 * what was found and, when something is wrong, a "Solution suggérée" box.
 */
export function DiagnosticStep({ number, title, state, summary, details, fix }: DiagnosticStepProps) {
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      aria-busy={state === 'running' || undefined}
      className={cx('rounded-2xl border bg-white p-5 shadow-sm', state === 'error' ? 'border-red-200' : state === 'warning' ? 'border-amber-200' : 'border-slate-200')}
    >
      <div className="flex items-start gap-4">
        <StepStateIcon state={state} className="mt-0.5" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <div className="min-w-0">
              <p aria-hidden="true" className="text-xs font-medium text-slate-500">
                {t.stepNumber(number)}
              </p>
              <h3 id={titleId} className="font-semibold text-slate-900">
                {title}
              </h3>
            </div>
            <StepStateBadge state={state} />
          </div>
          {summary && <p className="mt-2 text-sm text-slate-700">{summary}</p>}
          {details && <div className="mt-3 space-y-2 text-sm text-slate-700">{details}</div>}
          {fix && (
            <div className={cx('mt-4 rounded-xl border p-4 text-sm', state === 'error' ? 'border-red-200 bg-red-50 text-red-950' : 'border-amber-200 bg-amber-50 text-amber-950')}>
              <h4 className="flex items-center gap-2 font-semibold">
                <Wrench aria-hidden="true" className="size-4 shrink-0" />
                {t.fixHeading}
              </h4>
              <div className="mt-2 space-y-3">{fix}</div>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** "Label : topic, topic" with each webhook topic as code (topic names are shown as Shopify spells them). */
export function TopicList({ label, topics }: { label: string; topics: readonly string[] }) {
  if (topics.length === 0) return null;
  return (
    <p>
      <span className="font-medium text-slate-800">{label}</span>{' '}
      {topics.map((topic, index) => (
        <span key={topic}>
          {index > 0 && ', '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{topic}</code>
        </span>
      ))}
    </p>
  );
}
