/** GET /api/shopify/diagnostic: the connection checks of the merchant's store, in order. */

export type CheckStatus = 'success' | 'warning' | 'error';

export interface TokenCheck {
  status: 'success' | 'error';
  /** 401 or 403 when Shopify refused the token; null when it could not be checked. */
  http_status: number | null;
}

export interface OrdersCheck {
  status: CheckStatus;
  count: number | null;
}

export interface WebhooksDatabaseCheck {
  status: 'success' | 'error';
  registered: string[];
  missing: string[];
}

export interface WebhooksPlatformCheck {
  status: 'success' | 'error';
  registered: string[];
  missing: string[];
  wrong_address: string[];
  expected_address: string | null;
}

export interface FlowCheck {
  status: 'success' | 'error';
  active: number;
  total: number;
}

export interface WebhookEvent {
  topic: string;
  created_at: string;
  processed: boolean;
  error: string | null;
}

export interface EventsCheck {
  status: 'success' | 'warning';
  recent: WebhookEvent[];
}

export interface OrderEventsCheck {
  status: 'success' | 'warning';
  count: number;
}

export interface DiagnosticChecks {
  token: TokenCheck;
  orders: OrdersCheck;
  webhooks_database: WebhooksDatabaseCheck;
  webhooks_platform: WebhooksPlatformCheck;
  flow: FlowCheck;
  events: EventsCheck;
  order_events: OrderEventsCheck;
}

export interface DiagnosticStore {
  id: string;
  shop_domain: string;
}

/** `store` and `checks` are both null when no Shopify store is connected. */
export interface DiagnosticResult {
  store: DiagnosticStore | null;
  checks: DiagnosticChecks | null;
}

/** The seven steps, in the order they are shown. */
export const diagnosticStepIds = [
  'token',
  'orders',
  'webhooks_database',
  'webhooks_platform',
  'flow',
  'events',
  'order_events',
] as const satisfies readonly (keyof DiagnosticChecks)[];

export type DiagnosticStepId = (typeof diagnosticStepIds)[number];

/** A step's state: not run yet, running, or its outcome. */
export type StepState = 'pending' | 'running' | CheckStatus;

/** POST /functions/v1/shopify-register-webhooks */
export interface RegisterWebhooksResponse {
  success?: boolean;
  registered?: string[];
  errors?: string[];
  error?: string;
}

/** POST /functions/v1/fix-webhook-urls */
export interface FixWebhookUrlsResponse {
  updated?: string[];
  correct_url?: string;
  error?: string;
}
