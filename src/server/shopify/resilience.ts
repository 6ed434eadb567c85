/**
 * How every call to Shopify's Admin API is bounded and retried (decision 023), whatever answers:
 * - each attempt has a time limit (AbortSignal.timeout), and the whole call a budget, waits included,
 *   so a merchant waiting on a page is answered within it;
 * - THROTTLED (GraphQL, HTTP 200) and HTTP 429 ran nothing: any operation is sent again, after the
 *   wait Shopify gives (the cost figures; Retry-After, in seconds);
 * - a 5xx, a timeout or a lost connection may hide an operation Shopify did run: only an operation
 *   that can safely run twice is sent again (queries, and the few mutations listed as such), after an
 *   exponential back-off with jitter (a 503's Retry-After when it gives one);
 * - anything else (401, 403, 400, a GraphQL error) is an answer, not a fault: never retried.
 */
export interface ShopifyRetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** The whole call's limit, waits included. */
  budgetMs: number;
  /** The shortest wait, and the back-off's first step. */
  minDelayMs: number;
  /** The longest back-off or cost-based wait (a Retry-After is honoured whole, within the budget). */
  maxDelayMs: number;
}

/** 4 tries, 10 s each, 20 s in all: a merchant's page answers within about 20 s whatever Shopify does. */
export const DEFAULT_SHOPIFY_RETRY: ShopifyRetryPolicy = { attempts: 4, timeoutMs: 10_000, budgetMs: 20_000, minDelayMs: 250, maxDelayMs: 4000 };

/** A failed call: `status` is Shopify's HTTP status, 0 when no answer came (code TIMEOUT or NETWORK). */
export class ShopifyRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What a failure means for the caller: Shopify refused (an answer), or Shopify could not answer now. */
export type ShopifyFailureKind = 'refused' | 'throttled' | 'unavailable' | 'timeout' | 'unreachable';

export function failureKind(error: ShopifyRequestError): ShopifyFailureKind {
  if (error.code === 'THROTTLED' || error.status === 429) return 'throttled';
  if (error.code === 'TIMEOUT') return 'timeout';
  if (error.code === 'NETWORK') return 'unreachable';
  if (error.status >= 500) return 'unavailable';
  return 'refused';
}

/** The failure as the merchant is told it: Shopify refused, was unavailable (5xx, rate limit), or did not answer in time. */
export function toldFailure(error: ShopifyRequestError): 'refused' | 'unavailable' | 'timeout' {
  const kind = failureKind(error);
  if (kind === 'refused') return 'refused';
  return kind === 'timeout' || kind === 'unreachable' ? 'timeout' : 'unavailable';
}

/** Shopify could not answer now (rate limit, 5xx, timeout, no connection): trying later may work. */
export const shopifyUnavailable = (error: unknown): error is ShopifyRequestError => error instanceof ShopifyRequestError && failureKind(error) !== 'refused';

/** One attempt's failure and how it may be tried again. */
export interface AttemptFailure {
  error: ShopifyRequestError;
  /** 'always': nothing ran (rate limit); 'if-idempotent': it may have run (5xx, timeout, network); 'never': an answer. */
  retry: 'always' | 'if-idempotent' | 'never';
  /** The wait Shopify asked for (Retry-After, or the cost figures), if any. */
  waitMs: number | null;
}

export type Attempt<T> = (signal: AbortSignal) => Promise<{ ok: true; value: T } | ({ ok: false } & AttemptFailure)>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in ms: seconds ("2.0", as Shopify sends it) or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The n-th retry's back-off (n from 1): doubling from minDelayMs, capped, half of it random (jitter). */
export function backoffMs(n: number, policy: ShopifyRetryPolicy, random = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (n - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Rejects with the signal's reason when it aborts first: a late answer is not waited for. */
export function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** Runs `attempt` until it succeeds or the policy says stop; throws the last failure. */
export async function withRetries<T>(policy: ShopifyRetryPolicy, idempotent: boolean, attempt: Attempt<T>): Promise<T> {
  const deadline = Date.now() + policy.budgetMs;
  for (let n = 1; ; n++) {
    const left = deadline - Date.now();
    const outcome = await attempt(AbortSignal.timeout(Math.max(1, Math.min(policy.timeoutMs, left))));
    if (outcome.ok) return outcome.value;
    const again = outcome.retry === 'always' || (outcome.retry === 'if-idempotent' && idempotent);
    if (!again || n >= policy.attempts) throw outcome.error;
    const wait = outcome.waitMs !== null && outcome.retry === 'always' ? Math.max(policy.minDelayMs, outcome.waitMs) : Math.max(outcome.waitMs ?? 0, backoffMs(n, policy));
    // Not worth starting what the budget cannot wait for (a Retry-After beyond it included).
    if (Date.now() + wait >= deadline) throw outcome.error;
    await sleep(wait);
  }
}
