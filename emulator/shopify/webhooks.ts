// Webhook delivery: signed POSTs, 5 s timeout, redirects count as failures, retries on a schedule
// with the same X-Shopify-Webhook-Id, and a log readable by tests and the control API.
import { randomUUID } from 'node:crypto';
import { webhookHmac } from './crypto';
import { isoSeconds } from './format';
import type { DeliveryRecord } from './types';

export const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 30000, 120000, 600000, 1800000, 3600000, 7200000];
export const DELIVERY_TIMEOUT_MS = 5000;
const LOG_LIMIT = 2000;

export interface DeliveryTarget {
  uri: string;
  subscriptionId: number | null;
  apiVersion: string;
  /** Top-level payload fields to keep (the subscription's includeFields); empty keeps all. */
  includeFields?: string[];
}

export interface DispatcherOptions {
  secret: () => string;
  fetch: typeof fetch;
  now: () => Date;
  retryDelaysMs: number[];
  /** Called when a delivery failed its last retry. */
  onAbandoned: (delivery: DeliveryRecord) => void;
}

export class WebhookDispatcher {
  private readonly log: DeliveryRecord[] = [];
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  private dropRemaining = 0;
  private closed = false;
  /** Deliveries kept back while holding (holdDeliveries), to be released in any order. */
  private held: DeliveryRecord[] | null = null;

  constructor(private readonly opts: DispatcherOptions) {}

  /** Drops (never sends) the next `count` deliveries, to simulate lost webhooks. */
  dropNext(count: number): void {
    this.dropRemaining = count;
  }

  get pendingDrops(): number {
    return this.dropRemaining;
  }

  /**
   * Keeps every new delivery back until `release`: Shopify does not guarantee the order of
   * deliveries, even within a topic, and this is how tests make them arrive out of order.
   */
  hold(): void {
    this.held ??= [];
  }

  get heldCount(): number {
    return this.held?.length ?? 0;
  }

  /** The deliveries kept back, oldest first (their ids are what `release` takes as an explicit order). */
  heldDeliveries(): DeliveryRecord[] {
    return (this.held ?? []).map((d) => ({ ...d }));
  }

  /**
   * Sends the held deliveries, one after the other (each attempt finished before the next starts, so
   * the order is the one asked): in creation order, reversed, or as an explicit list of delivery ids.
   * An explicit list is how Shopify's worst days are played: an id listed twice is delivered twice
   * (the same X-Shopify-Webhook-Id, as Shopify's retries), an id left out is lost. Then delivers as
   * usual again.
   */
  async release(order: 'fifo' | 'reverse' | readonly string[] = 'fifo'): Promise<void> {
    const held = this.held ?? [];
    this.held = null;
    let queue: DeliveryRecord[];
    if (order === 'fifo') queue = held;
    else if (order === 'reverse') queue = [...held].reverse();
    else {
      const byId = new Map(held.map((d) => [d.id, d]));
      queue = order.map((id) => byId.get(id)).filter((d): d is DeliveryRecord => d !== undefined);
      for (const d of held) {
        if (order.includes(d.id)) continue;
        d.dropped = true;
        d.lastError = 'lost: left out of the released order';
      }
    }
    for (const delivery of queue) {
      if (this.closed) return;
      this.startAttempt(delivery);
      await this.inFlight.get(delivery.id)?.promise;
    }
  }

  /** Creates one delivery per target for one event, and starts the first attempts. */
  enqueue(shop: string, topic: string, payload: Record<string, unknown>, targets: DeliveryTarget[]): DeliveryRecord[] {
    const eventId = randomUUID();
    const triggeredAt = this.opts.now().toISOString();
    const created: DeliveryRecord[] = [];
    for (const target of targets) {
      const body = JSON.stringify(pick(payload, target.includeFields));
      const delivery: DeliveryRecord = {
        id: randomUUID(),
        eventId,
        shop,
        topic,
        uri: target.uri,
        subscriptionId: target.subscriptionId,
        apiVersion: target.apiVersion,
        triggeredAt,
        attempts: 0,
        lastStatus: null,
        lastError: null,
        delivered: false,
        dropped: false,
        abandoned: false,
        nextAttemptAt: null,
        body,
        payload: JSON.parse(body) as unknown,
      };
      this.log.push(delivery);
      if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
      created.push(delivery);
      if (this.dropRemaining > 0) {
        this.dropRemaining -= 1;
        delivery.dropped = true;
        delivery.lastError = 'dropped by the emulator (dropNextDeliveries)';
        continue;
      }
      if (this.held) this.held.push(delivery);
      else if (!this.closed) this.startAttempt(delivery);
    }
    return created;
  }

  list(): DeliveryRecord[] {
    return this.log.map((d) => ({ ...d }));
  }

  /** Resolves when no attempt is running (scheduled retries do not count). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) {
      await Promise.all([...this.inFlight.values()].map((f) => f.promise));
    }
  }

  /** Runs every scheduled retry now, and waits for them. */
  async retryNow(): Promise<void> {
    const due = [...this.timers.keys()];
    for (const id of due) {
      clearTimeout(this.timers.get(id)!);
      this.timers.delete(id);
      const delivery = this.log.find((d) => d.id === id);
      if (delivery) this.startAttempt(delivery);
    }
    await this.whenIdle();
  }

  /** Forgets the log and cancels scheduled retries (reset). */
  async clear(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const f of this.inFlight.values()) f.abort.abort();
    await this.whenIdle();
    this.log.length = 0;
    this.dropRemaining = 0;
    this.held = null;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const f of this.inFlight.values()) f.abort.abort();
    await this.whenIdle();
  }

  private startAttempt(delivery: DeliveryRecord): void {
    if (this.inFlight.has(delivery.id)) return;
    const abort = new AbortController();
    const promise = this.attempt(delivery, abort).finally(() => this.inFlight.delete(delivery.id));
    this.inFlight.set(delivery.id, { promise, abort });
  }

  private async attempt(delivery: DeliveryRecord, abort: AbortController): Promise<void> {
    delivery.attempts += 1;
    delivery.nextAttemptAt = null;
    const timeout = setTimeout(() => abort.abort(new Error('timeout')), DELIVERY_TIMEOUT_MS);
    let ok = false;
    try {
      const res = await this.opts.fetch(delivery.uri, {
        method: 'POST',
        redirect: 'manual',
        signal: abort.signal,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Shopify-Captain-Hook',
          'X-Shopify-Topic': delivery.topic,
          'X-Shopify-Hmac-Sha256': webhookHmac(delivery.body, this.opts.secret()),
          'X-Shopify-Shop-Domain': delivery.shop,
          'X-Shopify-API-Version': delivery.apiVersion,
          'X-Shopify-Webhook-Id': delivery.id,
          'X-Shopify-Event-Id': delivery.eventId,
          'X-Shopify-Triggered-At': delivery.triggeredAt,
        },
        body: delivery.body,
      });
      delivery.lastStatus = res.status;
      ok = res.status >= 200 && res.status < 300;
      delivery.lastError = ok ? null : res.status >= 300 && res.status < 400 ? `redirect (${res.status}) counts as a failure` : `HTTP ${res.status}`;
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      delivery.lastStatus = null;
      delivery.lastError = abort.signal.aborted
        ? this.closed
          ? 'emulator closed'
          : `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : `network error: ${(err as Error).message}`;
    } finally {
      clearTimeout(timeout);
    }
    if (ok) {
      delivery.delivered = true;
      return;
    }
    if (this.closed) return;
    const delay = this.opts.retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined) {
      delivery.abandoned = true;
      this.opts.onAbandoned(delivery);
      return;
    }
    delivery.nextAttemptAt = isoSeconds(new Date(this.opts.now().getTime() + delay));
    const timer = setTimeout(() => {
      this.timers.delete(delivery.id);
      this.startAttempt(delivery);
    }, delay);
    timer.unref?.();
    this.timers.set(delivery.id, timer);
  }
}

function pick(payload: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> {
  if (!fields || fields.length === 0) return payload;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in payload) out[f] = payload[f];
  return out;
}
