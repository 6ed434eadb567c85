// Public JSON shapes returned by the control API and the in-process state API (copies, never
// references into the live state).
import type { EmulatorCore } from './core';
import { gid, restMoney } from './format';
import { storefrontUrl } from './storefront/domains';
import type { AppSubscriptionRecord, CustomerRecord, DeliveryRecord, InstallationRecord, OrderRecord, ShopRecord, TokenRecord, WebhookSubscriptionRecord } from './types';

export interface EmulatorShop {
  id: number;
  gid: string;
  domain: string;
  name: string;
  email: string;
  currency: string;
  createdAt: string;
  installed: boolean;
  installation: InstallationRecord | null;
  adminUrl: string;
  /** The storefront on its primary domain (`http://{name}.myshopify.localhost:{port}/` unless given domains). */
  storefrontUrl: string;
}

export interface EmulatorCustomer extends CustomerRecord {
  gid: string;
}

export interface EmulatorOrder extends OrderRecord {
  gid: string;
  /** '#1001' */
  name: string;
  /** '12.50' */
  total: string;
  refunded: string;
}

export type EmulatorToken = TokenRecord;
export type EmulatorDelivery = DeliveryRecord;

export interface EmulatorWebhookSubscription extends WebhookSubscriptionRecord {
  gid: string;
}

export interface EmulatorAppSubscription extends AppSubscriptionRecord {
  gid: string;
  confirmationUrl: string;
}

const clone = <T>(v: T): T => structuredClone(v);

export function shopView(core: EmulatorCore, s: ShopRecord): EmulatorShop {
  return {
    id: s.id,
    gid: gid('Shop', s.id),
    domain: s.domain,
    name: s.name,
    email: s.email,
    currency: s.currency,
    createdAt: s.createdAt,
    installed: core.isInstalled(s),
    installation: s.installation ? clone(s.installation) : null,
    adminUrl: core.adminUrl(s),
    storefrontUrl: storefrontUrl(core, s),
  };
}

export function customerView(c: CustomerRecord): EmulatorCustomer {
  return { ...clone(c), gid: gid('Customer', c.id) };
}

export function orderView(o: OrderRecord): EmulatorOrder {
  return { ...clone(o), gid: gid('Order', o.id), name: `#${o.number}`, total: restMoney(o.totalCents), refunded: restMoney(o.refundedCents) };
}

export function webhookSubscriptionView(s: WebhookSubscriptionRecord): EmulatorWebhookSubscription {
  return { ...clone(s), gid: gid('WebhookSubscription', s.id) };
}

export function appSubscriptionView(core: EmulatorCore, s: AppSubscriptionRecord): EmulatorAppSubscription {
  return { ...clone(s), gid: gid('AppSubscription', s.id), confirmationUrl: core.confirmationUrl(s) };
}

export function deliveryView(d: DeliveryRecord): EmulatorDelivery {
  return clone(d);
}
