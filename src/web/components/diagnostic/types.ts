/**
 * The diagnostic's steps as the screens show them. The data is GET /api/shopify/diagnostic's
 * contract (src/core/api/shopify.ts).
 */
import type { CheckStatus, DiagnosticChecks, RegisterWebhooksResult } from '#web/api/shopify';
import { messages } from '#web/i18n';

export type { CheckStatus, DiagnosticChecks, DiagnosticResult, WebhookEvent } from '#web/api/shopify';

/** The eight steps, in the order they are shown. */
export const diagnosticStepIds = [
  'token',
  'orders',
  'webhooks_database',
  'webhooks_platform',
  'flow',
  'events',
  'order_events',
  'customer_data',
] as const satisfies readonly (keyof DiagnosticChecks)[];

export type DiagnosticStepId = (typeof diagnosticStepIds)[number];

/** A step's state: not run yet, running, or its outcome. */
export type StepState = 'pending' | 'running' | CheckStatus;

/** What a fix call returned: done, or a message to show (and whether it changed something anyway). */
export type FixOutcome = { ok: true } | { ok: false; message: string; changed: boolean };

const fixTexts = messages.shopifyDiagnostic.actions;

/** A registration that left topics out answers `success: false` with Shopify's reasons. */
export function registerOutcome(data: RegisterWebhooksResult): FixOutcome {
  const errors = data.errors.filter((error) => error.trim() !== '');
  if (data.success && errors.length === 0) return { ok: true };
  return { ok: false, message: errors.length > 0 ? errors.join('\u202f; ') : fixTexts.registerFailed, changed: data.registered.length > 0 };
}
