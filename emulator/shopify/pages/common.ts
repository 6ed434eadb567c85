// What the emulator's HTML pages share (French, server-rendered, no external assets): the notices
// after an action, and the orders table the shop admin and the control page both show.
import { isDelivered } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { FINANCIAL_LABELS, FULFILLMENT_LABELS, frDate, frMoney, html, type SafeHtml } from '../html';
import type { AppSubscriptionRecord, CustomerRecord, OrderRecord, ShopRecord } from '../types';

const NOTICES: Record<string, string> = {
  uninstalled: "L'application a été désinstallée. Le webhook app/uninstalled a été envoyé.",
  compliance: 'La demande de conformité a été envoyée à l’application.',
  shop_created: 'La boutique a été créée.',
  customer_created: 'Le client a été créé.',
  order_created: 'La commande a été créée.',
  order_updated: 'La commande a été mise à jour.',
  order_delivered: 'La livraison a été enregistrée : le webhook fulfillment_events/create a été envoyé.',
  throttle: 'Les prochains appels GraphQL seront limités.',
  fault: 'La panne simulée est en place.',
  faults_cleared: 'Les pannes simulées ont été levées.',
  drop: 'Les prochaines livraisons de webhooks seront perdues.',
  app_updated: "La configuration de l'application a été enregistrée.",
  reset: "L'état de l'émulateur a été réinitialisé.",
  retried: 'Les nouvelles tentatives de livraison ont été lancées.',
  installed: "L'application a été installée.",
  token_revoked: 'Le jeton a été révoqué.',
  session_token_minted: 'Un jeton de session a été émis.',
  charge_declined: "Vous avez refusé le paiement de l'application : l'abonnement n'a pas été créé.",
  deliveries_held: 'Les prochaines livraisons de webhooks sont retenues.',
  deliveries_released: 'Les livraisons retenues ont été envoyées.',
};

export function noticeBlock(notice: string | undefined): SafeHtml {
  const text = notice ? NOTICES[notice] : undefined;
  return text ? html`<p class="notice" role="status">${text}</p>` : html``;
}

export function customerName(c: CustomerRecord | null): string {
  if (!c) return '—';
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name ? (c.email ? `${name} (${c.email})` : name) : (c.email ?? c.phone ?? '—');
}

function orderActions(core: EmulatorCore, o: OrderRecord, redirect: string): SafeHtml {
  const base = `${core.basePath}/control/orders/${o.id}`;
  const form = (action: string, label: string, extra: SafeHtml = html``) =>
    html`<form class="inline" method="post" action="${base}/${action}">
      <input type="hidden" name="redirect" value="${redirect}" />${extra}
      <button type="submit" class="small secondary" aria-label="${label} : commande #${o.number}">${label}</button>
    </form>`;
  const buttons: SafeHtml[] = [];
  if (!o.cancelledAt && (o.financialStatus === 'PENDING' || o.financialStatus === 'AUTHORIZED')) buttons.push(form('pay', 'Marquer comme payée'));
  if (!o.cancelledAt && o.fulfillmentStatus === 'UNFULFILLED') buttons.push(form('fulfil', 'Traiter (expédier)'));
  if (!o.cancelledAt && o.fulfillmentStatus === 'UNFULFILLED') buttons.push(form('cancel', 'Annuler'));
  // The carrier's delivery scan: a fulfilled order only, once.
  if (o.fulfillmentStatus === 'FULFILLED' && !isDelivered(o)) buttons.push(form('deliver', 'Livrée'));
  if (o.financialStatus === 'PAID' || o.financialStatus === 'PARTIALLY_REFUNDED') buttons.push(form('refund', 'Rembourser'));
  return html`${buttons}`;
}

/** The last delivery among the order's fulfillments (all delivered). */
function deliveredAt(o: OrderRecord): string | null {
  const times = o.fulfillments.map((f) => f.deliveredAt).filter((t): t is string => Boolean(t));
  return times.sort().at(-1) ?? null;
}

export function ordersTable(core: EmulatorCore, shop: ShopRecord, redirect: string, headingLevel: 'h2' | 'h3'): SafeHtml {
  const orders = core.state.orders.filter((o) => o.shop === shop.domain).sort((a, b) => b.number - a.number);
  const title = headingLevel === 'h2' ? html`<h2 id="orders-${shop.id}">Commandes</h2>` : html`<h3 id="orders-${shop.id}">Commandes</h3>`;
  if (orders.length === 0)
    return html`${title}
      <p class="muted">Aucune commande pour le moment.</p>`;
  return html`${title}
    <table aria-labelledby="orders-${shop.id}">
      <thead>
        <tr>
          <th scope="col">Commande</th>
          <th scope="col">Date</th>
          <th scope="col">Client</th>
          <th scope="col">Total</th>
          <th scope="col">Paiement</th>
          <th scope="col">Traitement</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        ${orders.map(
          (o) =>
            html`<tr>
              <td>#${o.number}${o.test ? html` <span class="badge">test</span>` : ''}<br /><span class="muted">ID ${o.id}</span></td>
              <td>${frDate(o.createdAt)}</td>
              <td>${o.customerId !== null ? customerName(core.findCustomer(o.shop, o.customerId)) : (o.email ?? '—')}</td>
              <td>${frMoney(o.totalCents, o.currency)}${o.refundedCents > 0 ? html`<br /><span class="muted">remboursé : ${frMoney(o.refundedCents, o.currency)}</span>` : ''}</td>
              <td>${FINANCIAL_LABELS[o.financialStatus] ?? o.financialStatus}${o.cancelledAt ? html`<br /><span class="badge warn">Annulée</span>` : ''}</td>
              <td>
                ${FULFILLMENT_LABELS[o.fulfillmentStatus] ?? o.fulfillmentStatus}${isDelivered(o) ? html`<br /><span class="badge ok">Livrée le ${frDate(deliveredAt(o)!)}</span>` : ''}
              </td>
              <td>${orderActions(core, o, redirect)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

export function subscriptionPrice(s: AppSubscriptionRecord): string {
  return s.lineItems
    .map((li) =>
      li.kind === 'recurring'
        ? `${frMoney(li.amountCents, li.currency)} ${li.interval === 'ANNUAL' ? 'par an' : 'tous les 30 jours'}`
        : `facturation à l'usage, plafond ${frMoney(li.cappedCents, li.currency)} (${li.terms})`,
    )
    .join(' + ');
}
