import { CircleCheck, CircleX, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { formatDateTime } from '#web/lib/format';
import { buttonClass } from '../ui/button';
import { DIAGNOSED_TOPICS, TEST_ORDER_EVENT_NOTE } from '#core/api/shopify';
import { DiagnosticStep, TopicList } from './DiagnosticStep';
import { diagnosticStepIds, type CheckStatus, type DiagnosticChecks, type DiagnosticStepId, type StepState, type WebhookEvent } from './types';

const t = messages.shopifyDiagnostic;
const s = t.steps;
const f = messages.shopifyDiagnosticFailures;

export const stepTitles: Record<DiagnosticStepId, string> = {
  token: s.token.title,
  orders: s.orders.title,
  webhooks_database: s.webhooksDatabase.title,
  webhooks_platform: s.webhooksPlatform.title,
  flow: s.flow.title,
  events: s.events.title,
  order_events: s.orderEvents.title,
  customer_data: s.customerData.title,
};

/** A fix button: marked busy while its request runs, unavailable while any fix runs. */
export interface FixAction {
  run: () => void;
  busy: boolean;
  /** Another fix is running: this one waits. */
  locked?: boolean;
}

export interface FixActions {
  registerWebhooks: FixAction;
  fixWebhookUrls: FixAction;
}

interface StepOutcome {
  state: CheckStatus;
  summary: ReactNode;
  details?: ReactNode;
  fix?: ReactNode;
}

const list = <T,>(value: readonly T[] | null | undefined): readonly T[] => (Array.isArray(value) ? value : []);
const count = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function FixText({ children }: { children: ReactNode }) {
  return <p>{children}</p>;
}

function FixLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass('secondary', 'sm')}>
      {children}
    </Link>
  );
}

function FixButton({ action, label, busyLabel }: { action: FixAction; label: string; busyLabel: string }) {
  return (
    // aria-disabled rather than disabled while busy: the button keeps the keyboard focus.
    <button
      type="button"
      onClick={() => {
        if (!action.busy && !action.locked) action.run();
      }}
      aria-disabled={action.busy || action.locked || undefined}
      aria-busy={action.busy || undefined}
      className={buttonClass('secondary', 'sm', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
    >
      {action.busy ? busyLabel : label}
    </button>
  );
}

function ReconnectFix({ text }: { text: string }) {
  return (
    <>
      <FixText>{text}</FixText>
      <FixLink to="/app/integrations">{t.reconnectLink}</FixLink>
    </>
  );
}

/** A check that could not run because Shopify did not answer at step 1: try again, nothing to fix. */
const unreachableOutcome = (): StepOutcome => ({
  state: 'error',
  summary: f.unreachable,
  fix: <FixText>{f.retryFix}</FixText>,
});

/** A platform check that could not run because the token was refused (step 1). */
const blockedOutcome = (): StepOutcome => ({
  state: 'error',
  summary: t.blocked.summary,
  fix: <ReconnectFix text={t.blocked.fix} />,
});

function EventStatus({ event }: { event: WebhookEvent }) {
  if (event.error === TEST_ORDER_EVENT_NOTE) {
    return (
      <span className="inline-flex items-center gap-1 text-slate-700">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        {s.events.testOrder}
      </span>
    );
  }
  if (event.error) {
    return (
      <span className="inline-flex items-center gap-1 text-red-800">
        <CircleX aria-hidden="true" className="size-4 shrink-0" />
        {s.events.failed(event.error)}
      </span>
    );
  }
  if (event.processed) {
    return (
      <span className="inline-flex items-center gap-1 text-green-800">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        {s.events.processed}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-slate-700">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {s.events.unprocessed}
    </span>
  );
}

function EventList({ events }: { events: readonly WebhookEvent[] }) {
  return (
    <ul aria-label={s.events.listLabel} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {events.map((event, index) => (
        <li key={`${event.created_at}-${event.topic}-${index}`} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <code className="font-mono text-xs text-slate-800">{event.topic}</code>
            <time dateTime={event.created_at} className="text-slate-600">
              {formatDateTime(event.created_at)}
            </time>
          </span>
          <EventStatus event={event} />
        </li>
      ))}
    </ul>
  );
}

/** What a finished check says, and the fix to suggest when it is not a success (docs/product/errors.md). */
function stepOutcome(id: DiagnosticStepId, checks: DiagnosticChecks, actions: FixActions): StepOutcome {
  // Shopify unavailable or silent is not a refused token: the merchant tries again, never reconnects for it.
  // A token Shopify accepts but that lacks a scope the app now asks (write_app_proxy) blocks nothing else.
  const scopesOnly = checks.token?.status === 'error' && !checks.token.failure && checks.token.http_status === null && list(checks.token.missing_scopes).length > 0;
  const tokenFailure = checks.token?.status === 'error' && !scopesOnly ? (checks.token.failure ?? 'refused') : null;
  const tokenRefused = tokenFailure === 'refused';
  switch (id) {
    case 'token': {
      const check = checks.token;
      if (check.status === 'success') return { state: 'success', summary: s.token.success };
      if (scopesOnly) return { state: 'error', summary: s.token.missingScopes(list(check.missing_scopes)), fix: <ReconnectFix text={s.token.scopesFix} /> };
      const status = count(check.http_status);
      if (tokenFailure === 'unavailable' || tokenFailure === 'timeout') {
        return { state: 'error', summary: tokenFailure === 'timeout' ? f.token.timeout : f.token.unavailable(status), fix: <FixText>{f.retryFix}</FixText> };
      }
      return {
        state: 'error',
        summary: status === 401 || status === 403 ? s.token.rejected(status) : s.token.unknown,
        fix: <ReconnectFix text={s.token.fix} />,
      };
    }
    case 'orders': {
      const check = checks.orders;
      const orders = count(check.count);
      if (check.status === 'success' && orders !== null) return { state: 'success', summary: s.orders.success(orders) };
      if (check.status === 'error') {
        if (tokenRefused) return blockedOutcome();
        if (tokenFailure) return unreachableOutcome();
        return { state: 'error', summary: s.orders.error, fix: <FixText>{s.orders.errorFix}</FixText> };
      }
      if (check.status === 'success') return { state: 'success', summary: s.orders.found };
      return {
        state: 'warning',
        summary: s.orders.none,
        fix: (
          <>
            <FixText>{s.orders.noneFix}</FixText>
            <FixLink to="/app/schedule">{s.orders.noneFixLink}</FixLink>
          </>
        ),
      };
    }
    case 'webhooks_database': {
      const check = checks.webhooks_database;
      const registered = list(check.registered);
      const missing = list(check.missing);
      const details = (
        <>
          <TopicList label={s.webhooksDatabase.registered} topics={registered} />
          <TopicList label={s.webhooksDatabase.missing} topics={missing} />
        </>
      );
      if (check.status === 'success') return { state: 'success', summary: s.webhooksDatabase.success, details };
      return {
        state: 'error',
        summary: s.webhooksDatabase.error,
        details,
        fix: (
          <>
            <FixText>{s.webhooksDatabase.fix}</FixText>
            <FixButton action={actions.registerWebhooks} label={t.actions.register} busyLabel={t.actions.registering} />
          </>
        ),
      };
    }
    case 'webhooks_platform': {
      const check = checks.webhooks_platform;
      const registered = list(check.registered);
      const missing = list(check.missing);
      const wrongAddress = list(check.wrong_address);
      const expected = check.expected_address;
      const details = (
        <>
          <TopicList label={s.webhooksPlatform.registered} topics={registered} />
          <TopicList label={s.webhooksPlatform.missing} topics={missing} />
          <TopicList label={s.webhooksPlatform.wrongAddress} topics={wrongAddress} />
          {wrongAddress.length > 0 && expected && (
            <p>
              <span className="font-medium text-slate-800">{s.webhooksPlatform.expectedAddress}</span>{' '}
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">{expected}</code>
            </p>
          )}
        </>
      );
      if (check.status === 'success') return { state: 'success', summary: s.webhooksPlatform.success, details };
      if (missing.length === 0 && wrongAddress.length === 0) {
        if (tokenRefused) return blockedOutcome();
        if (tokenFailure) return unreachableOutcome();
        if (check.failure === 'unavailable' || check.failure === 'timeout') {
          return { state: 'error', summary: f.webhooksPlatform[check.failure], fix: <FixText>{f.retryFix}</FixText> };
        }
        return {
          state: 'error',
          summary: s.webhooksPlatform.error,
          details,
          fix: <FixText>{s.webhooksPlatform.errorFix}</FixText>,
        };
      }
      return {
        state: 'error',
        summary: s.webhooksPlatform.misconfigured,
        details,
        fix: (
          <>
            {missing.length > 0 && (
              <div className="space-y-2">
                <FixText>{s.webhooksPlatform.missingFix}</FixText>
                <FixButton action={actions.registerWebhooks} label={t.actions.register} busyLabel={t.actions.registering} />
              </div>
            )}
            {wrongAddress.length > 0 && (
              <div className="space-y-2">
                <FixText>{s.webhooksPlatform.wrongAddressFix}</FixText>
                <FixButton action={actions.fixWebhookUrls} label={t.actions.fixUrls} busyLabel={t.actions.fixingUrls} />
              </div>
            )}
          </>
        ),
      };
    }
    case 'flow': {
      const check = checks.flow;
      const active = count(check.active) ?? 0;
      const total = count(check.total) ?? 0;
      if (check.status === 'success') return { state: 'success', summary: s.flow.success(active, total) };
      return {
        state: 'error',
        summary: total === 0 ? s.flow.none : s.flow.inactive(total),
        fix: (
          <>
            <FixText>{s.flow.fix}</FixText>
            <FixLink to="/app/flow">{s.flow.fixLink}</FixLink>
          </>
        ),
      };
    }
    case 'events': {
      const check = checks.events;
      const recent = list(check.recent);
      const details = recent.length > 0 ? <EventList events={recent} /> : undefined;
      if (check.status === 'success') return { state: 'success', summary: s.events.success(recent.length), details };
      return {
        state: 'warning',
        summary: recent.length === 0 ? s.events.none : s.events.issues,
        details,
        fix: <FixText>{s.events.fix}</FixText>,
      };
    }
    case 'order_events': {
      const check = checks.order_events;
      const orderEvents = count(check.count) ?? 0;
      if (check.status === 'success') return { state: 'success', summary: s.orderEvents.success(orderEvents) };
      return {
        state: 'warning',
        summary: orderEvents === 0 ? s.orderEvents.none : s.orderEvents.success(orderEvents),
        fix: <FixText>{s.orderEvents.fix(DIAGNOSED_TOPICS)}</FixText>,
      };
    }
    case 'customer_data': {
      const check = checks.customer_data;
      if (check.status === 'success') return { state: 'success', summary: s.customerData.approved };
      if (check.approved === false) {
        return {
          state: 'error',
          summary: s.customerData.withheld(list(check.withheld_fields).flatMap((f) => s.customerData.fields[f] ?? [])),
          details: <p>{s.customerData.consequences}</p>,
          fix: (
            <>
              <FixText>{s.customerData.fix}</FixText>
              <a href={PROTECTED_DATA_DOC} className={buttonClass('secondary', 'sm')} target="_blank" rel="noreferrer">
                {s.customerData.docLink}
              </a>
            </>
          ),
        };
      }
      if (tokenRefused) return blockedOutcome();
      return { state: 'warning', summary: s.customerData.unknown, fix: <FixText>{s.customerData.unknownFix}</FixText> };
    }
  }
}

/** Shopify's page on protected customer data, for the operator who requests access. */
const PROTECTED_DATA_DOC = 'https://shopify.dev/docs/apps/launch/protected-customer-data';

/** A check the server did not send: reported as an error rather than crashing the screen. */
function safeOutcome(id: DiagnosticStepId, checks: Partial<DiagnosticChecks>, actions: FixActions): StepOutcome {
  const check: unknown = checks[id];
  if (!check || typeof check !== 'object') return { state: 'error', summary: s.unavailable };
  return stepOutcome(id, checks as DiagnosticChecks, actions);
}

/** Counts the finished steps by outcome (for the completion announcement). */
export function countOutcomes(checks: Partial<DiagnosticChecks>, actions: FixActions) {
  const counts = { success: 0, warning: 0, error: 0 };
  for (const id of diagnosticStepIds) counts[safeOutcome(id, checks, actions).state] += 1;
  return counts;
}

/**
 * The eight steps as an ordered list. Without results (first run) or while `running`, each step
 * shows 'En cours' (or 'En attente' before any run); otherwise its outcome and suggested fix.
 */
export function DiagnosticSteps({
  checks,
  running,
  actions,
}: {
  /** The finished checks; `null` before the first run. */
  checks: Partial<DiagnosticChecks> | null;
  running: boolean;
  actions: FixActions;
}) {
  return (
    <ol aria-label={t.listLabel} className="space-y-4">
      {diagnosticStepIds.map((id, index) => {
        const title = stepTitles[id];
        if (running || !checks) {
          const state: StepState = running ? 'running' : 'pending';
          return <DiagnosticStep key={id} number={index + 1} title={title} state={state} />;
        }
        const outcome = safeOutcome(id, checks, actions);
        return <DiagnosticStep key={id} number={index + 1} title={title} state={outcome.state} summary={outcome.summary} details={outcome.details} fix={outcome.fix} />;
      })}
    </ol>
  );
}
