// The emulator's HTML pages (French, server-rendered, no external assets).
import { isDelivered, type EmulatorCore } from './core';
import { FINANCIAL_LABELS, FULFILLMENT_LABELS, SCOPE_LABELS, SUBSCRIPTION_LABELS, frDate, frMoney, html, page, type SafeHtml } from './html';
import { CURRENCIES } from './format';
import { FAULT_KINDS, type Fault, type FaultKind } from './faults';
import type { AppSubscriptionRecord, CustomerRecord, OrderRecord, ShopRecord } from './types';

export const NOTICES: Record<string, string> = {
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
  charge_declined: "Vous avez refusé le paiement de l'application : l'abonnement n'a pas été créé.",
  deliveries_held: 'Les prochaines livraisons de webhooks sont retenues.',
  deliveries_released: 'Les livraisons retenues ont été envoyées.',
};

const PROTECTED_LEVEL_LABELS = {
  0: 'Niveau 0 : aucune donnée client',
  1: 'Niveau 1 : données clients sans les champs protégés',
  2: 'Niveau 2 : avec les champs cochés',
} as const;
const PROTECTED_FIELD_LABELS = { name: 'Nom', email: 'E-mail', phone: 'Téléphone', address: 'Adresse' } as const;

const FAULT_LABELS: Record<FaultKind, string> = {
  THROTTLED: 'THROTTLED (limite de coût GraphQL)',
  '429': '429 Too Many Requests (avec Retry-After)',
  '500': '500 Internal Server Error',
  '502': '502 Bad Gateway',
  '503': '503 Service Unavailable',
  '504': '504 Gateway Timeout',
  slow: 'Réponse lente',
  timeout: 'Aucune réponse (délai dépassé)',
};

const faultLine = (f: Fault): string =>
  [
    FAULT_LABELS[f.fault],
    f.shop ?? 'toutes les boutiques',
    f.operation ?? 'toutes les opérations',
    f.remaining === null ? "jusqu'à levée" : `encore ${f.remaining}`,
    `${f.hits} appel${f.hits > 1 ? 's' : ''} touché${f.hits > 1 ? 's' : ''}`,
  ].join(' · ');

function faultList(core: EmulatorCore): SafeHtml {
  const faults = core.faults.list();
  if (faults.length === 0) return html`<p>Aucune panne simulée en cours.</p>`;
  const c = `${core.basePath}/control`;
  return html`<ul aria-label="Pannes simulées en cours">
      ${faults.map((f) => html`<li>${faultLine(f)}</li>`)}
    </ul>
    <form method="post" action="${c}/faults/clear">
      <button type="submit" class="secondary">Lever les pannes simulées</button>
    </form>`;
}

function noticeBlock(notice: string | undefined): SafeHtml {
  const text = notice ? NOTICES[notice] : undefined;
  return text ? html`<p class="notice" role="status">${text}</p>` : html``;
}

function customerName(c: CustomerRecord | null): string {
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

function ordersTable(core: EmulatorCore, shop: ShopRecord, redirect: string, headingLevel: 'h2' | 'h3'): SafeHtml {
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

function subscriptionPrice(s: AppSubscriptionRecord): string {
  return s.lineItems
    .map((li) =>
      li.kind === 'recurring'
        ? `${frMoney(li.amountCents, li.currency)} ${li.interval === 'ANNUAL' ? 'par an' : 'tous les 30 jours'}`
        : `facturation à l'usage, plafond ${frMoney(li.cappedCents, li.currency)} (${li.terms})`,
    )
    .join(' + ');
}

// ------------------------------------------------------------------ shop admin

export function adminPage(core: EmulatorCore, shop: ShopRecord, notice?: string): string {
  const base = `${core.basePath}/store/${shop.domain}/admin`;
  const installed = core.isInstalled(shop);
  const appName = core.state.app.name;
  const customers = core.state.customers.filter((c) => c.shop === shop.domain);
  const subs = core.state.appSubscriptions.filter((s) => s.shop === shop.domain);

  const appSection = installed
    ? html`<p>
          <span class="badge ok">Installée</span> depuis le ${frDate(shop.installation!.installedAt)}. Autorisations :
          ${shop.installation!.scopes.map((s) => html`<code>${s}</code> `)}
        </p>
        <p><a class="button" href="${base}/apps/open">Ouvrir l'application</a></p>
        <form method="post" action="${base}/apps/uninstall">
          <button type="submit" class="danger">Désinstaller l'application</button>
        </form>`
    : html`<p><span class="badge">Non installée</span>${shop.installation?.uninstalledAt ? ` (désinstallée le ${frDate(shop.installation.uninstalledAt)})` : ''}</p>
        <p><a class="button" href="${base}/apps/install">Installer l'application</a></p>`;

  const compliance = shop.installation
    ? html`<h3>Demandes de conformité (RGPD)</h3>
        <p class="muted">Envoyées à <code>${core.state.app.complianceUri}</code>.</p>
        ${
          customers.length > 0
            ? html`<form method="post" action="${base}/compliance">
                <label for="compliance-customer">Client concerné</label>
                <select id="compliance-customer" name="customerId">
                  ${customers.map((c) => html`<option value="${c.id}">${customerName(c)}</option>`)}
                </select>
                <div>
                  <button type="submit" name="topic" value="customers/data_request" class="secondary">Demander les données du client</button>
                  <button type="submit" name="topic" value="customers/redact" class="secondary">Effacer les données du client</button>
                </div>
              </form>`
            : html`<p class="muted">Aucun client : créez-en un pour envoyer une demande portant sur un client.</p>`
        }
        <form method="post" action="${base}/compliance">
          <input type="hidden" name="topic" value="shop/redact" />
          <button type="submit" class="secondary">Effacer les données de la boutique</button>
        </form>`
    : html``;

  const subsSection =
    subs.length > 0
      ? html`<section aria-labelledby="subs-title">
          <h2 id="subs-title">Abonnements de l'application</h2>
          <table aria-labelledby="subs-title">
            <thead>
              <tr>
                <th scope="col">Formule</th>
                <th scope="col">Prix</th>
                <th scope="col">Statut</th>
                <th scope="col">Créé le</th>
              </tr>
            </thead>
            <tbody>
              ${subs.map(
                (s) =>
                  html`<tr>
                    <td>${s.name}${s.test ? html` <span class="badge">test</span>` : ''}</td>
                    <td>${subscriptionPrice(s)}</td>
                    <td>${SUBSCRIPTION_LABELS[s.status] ?? s.status}</td>
                    <td>${frDate(s.createdAt)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </section>`
      : html``;

  return page(
    `${shop.name} — administration`,
    html`${noticeBlock(notice)}
      <h1>${shop.name}</h1>
      <p class="muted">Administration de la boutique <code>${shop.domain}</code> (émulée).</p>
      <section aria-labelledby="shop-title">
        <h2 id="shop-title">Boutique</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">Domaine</th>
              <td>${shop.domain}</td>
            </tr>
            <tr>
              <th scope="row">E-mail</th>
              <td>${shop.email}</td>
            </tr>
            <tr>
              <th scope="row">Devise</th>
              <td>${shop.currency}</td>
            </tr>
            <tr>
              <th scope="row">Créée le</th>
              <td>${frDate(shop.createdAt)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section aria-labelledby="app-title">
        <h2 id="app-title">Application « ${appName} »</h2>
        ${appSection} ${compliance}
      </section>
      ${subsSection}
      <section aria-labelledby="orders-${shop.id}">${ordersTable(core, shop, `${base}`, 'h2')}</section>`,
    { homeHref: core.homePath },
  );
}

// ------------------------------------------------------------------ OAuth consent

export function consentPage(
  core: EmulatorCore,
  shop: ShopRecord,
  fields: { client_id: string; scope: string; redirect_uri: string; state: string | null; grantOptions: string | null },
): string {
  const scopes = fields.scope.split(/[\s,]+/).filter(Boolean);
  const appName = core.state.app.name;
  return page(
    `Installer ${appName}`,
    html`<section aria-labelledby="consent-title">
      <h1 id="consent-title">Installer ${appName}</h1>
      <p>L'application <strong>${appName}</strong> demande l'accès à votre boutique <strong>${shop.name}</strong> (<code>${shop.domain}</code>).</p>
      <h2>Autorisations demandées</h2>
      ${
        scopes.length > 0
          ? html`<ul>
              ${scopes.map((s) => html`<li>${SCOPE_LABELS[s] ?? s} <span class="muted">(<code>${s}</code>)</span></li>`)}
            </ul>`
          : html`<p class="muted">Aucune autorisation particulière.</p>`
      }
      <form method="post" action="${core.basePath}/store/${shop.domain}/admin/oauth/authorize">
        <input type="hidden" name="client_id" value="${fields.client_id}" />
        <input type="hidden" name="scope" value="${fields.scope}" />
        <input type="hidden" name="redirect_uri" value="${fields.redirect_uri}" />
        ${fields.state !== null ? html`<input type="hidden" name="state" value="${fields.state}" />` : ''}
        ${fields.grantOptions ? html`<input type="hidden" name="grant_options[]" value="${fields.grantOptions}" />` : ''}
        <button type="submit" name="decision" value="approve">Installer</button>
        <button type="submit" name="decision" value="deny" class="secondary">Annuler</button>
      </form>
    </section>`,
    { homeHref: core.homePath },
  );
}

// ------------------------------------------------------------------ billing confirmation

export function chargePage(core: EmulatorCore, shop: ShopRecord, sub: AppSubscriptionRecord): string {
  const base = `${core.basePath}/store/${shop.domain}/admin/charges/${sub.id}`;
  const pending = sub.status === 'PENDING';
  return page(
    `Abonnement ${sub.name}`,
    html`<section aria-labelledby="charge-title">
      <h1 id="charge-title">Approuver l'abonnement</h1>
      <p>L'application <strong>${core.state.app.name}</strong> demande un abonnement pour la boutique <strong>${shop.name}</strong>.</p>
      <table>
        <tbody>
          <tr>
            <th scope="row">Formule</th>
            <td>${sub.name}</td>
          </tr>
          <tr>
            <th scope="row">Prix</th>
            <td>${subscriptionPrice(sub)}</td>
          </tr>
          ${
            sub.trialDays > 0
              ? html`<tr>
                  <th scope="row">Essai gratuit</th>
                  <td>${sub.trialDays} jours</td>
                </tr>`
              : ''
          }
          <tr>
            <th scope="row">Statut</th>
            <td>${SUBSCRIPTION_LABELS[sub.status] ?? sub.status}</td>
          </tr>
        </tbody>
      </table>
      ${sub.test ? html`<p class="notice">Abonnement de test : aucun montant ne sera facturé.</p>` : ''}
      ${
        pending
          ? html`<form class="inline" method="post" action="${base}/approve"><button type="submit">Approuver</button></form>
              <form class="inline" method="post" action="${base}/decline"><button type="submit" class="secondary">Refuser</button></form>`
          : html`<p class="error" role="alert">Cet abonnement a déjà été traité.</p>`
      }
    </section>`,
    { homeHref: core.homePath },
  );
}

// ------------------------------------------------------------------ control page

export function controlPage(core: EmulatorCore, notice?: string): string {
  const c = `${core.basePath}/control`;
  const home = core.homePath;
  const shops = core.state.shops;
  const deliveries = core.dispatcher.list().slice(-30).reverse();
  const currencyOptions = (selected: string) => CURRENCIES.map((cur) => html`<option value="${cur}" ${cur === selected ? html` selected` : ''}>${cur}</option>`);

  const shopSections = shops.map((shop) => {
    const customers = core.state.customers.filter((x) => x.shop === shop.domain);
    const p = `s${shop.id}`;
    return html`<section aria-labelledby="${p}-title">
      <h2 id="${p}-title">${shop.name} <span class="muted">(${shop.domain})</span></h2>
      <p>
        ${core.isInstalled(shop) ? html`<span class="badge ok">Application installée</span>` : html`<span class="badge">Application non installée</span>`} —
        <a href="${core.basePath}/store/${shop.domain}/admin">Ouvrir l'administration de la boutique</a>
      </p>
      <h3>Nouveau client</h3>
      <form method="post" action="${c}/shops/${shop.domain}/customers">
        <div class="row">
          <div><label for="${p}-cfirst">Prénom</label><input id="${p}-cfirst" name="firstName" autocomplete="off" /></div>
          <div><label for="${p}-clast">Nom</label><input id="${p}-clast" name="lastName" autocomplete="off" /></div>
          <div><label for="${p}-cemail">E-mail</label><input id="${p}-cemail" name="email" type="email" autocomplete="off" /></div>
        </div>
        <button type="submit">Créer le client</button>
      </form>
      <h3>Nouvelle commande</h3>
      <form method="post" action="${c}/shops/${shop.domain}/orders">
        <div class="row">
          <div>
            <label for="${p}-ocust">Client</label>
            <select id="${p}-ocust" name="customerId">
              <option value="">Aucun (commande invité)</option>
              ${customers.map((x) => html`<option value="${x.id}">${customerName(x)}</option>`)}
            </select>
          </div>
          <div><label for="${p}-oemail">E-mail (commande invité)</label><input id="${p}-oemail" name="email" type="email" autocomplete="off" /></div>
          <div><label for="${p}-ototal">Total</label><input id="${p}-ototal" name="total" inputmode="decimal" required value="49.90" /></div>
          <div>
            <label for="${p}-ocur">Devise</label
            ><select id="${p}-ocur" name="currency">
              ${currencyOptions(shop.currency)}
            </select>
          </div>
          <div><label for="${p}-odate">Date de création (UTC, facultative)</label><input id="${p}-odate" name="createdAt" type="datetime-local" /></div>
          <div>
            <label for="${p}-ostatus">Statut du paiement</label>
            <select id="${p}-ostatus" name="financialStatus">
              <option value="paid">Payée</option>
              <option value="pending">En attente</option>
            </select>
          </div>
          <div><input id="${p}-otest" name="test" type="checkbox" value="true" /><label for="${p}-otest"> Commande de test (passerelle Bogus : test: true)</label></div>
        </div>
        <button type="submit">Créer la commande</button>
      </form>
      ${ordersTable(core, shop, home, 'h3')}
    </section>`;
  });

  return page(
    'Émulateur Shopify',
    html`${noticeBlock(notice)}
      <h1>Émulateur Shopify</h1>
      <p class="muted">
        Outil de développement et de test : il parle le protocole de Shopify (OAuth, API Admin GraphQL, facturation, webhooks). API de contrôle JSON sous <code>${c}</code>.
      </p>
      <section aria-labelledby="shops-title">
        <h2 id="shops-title">Boutiques</h2>
        <table aria-labelledby="shops-title">
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Domaine</th>
              <th scope="col">Devise</th>
              <th scope="col">Application</th>
              <th scope="col">Administration</th>
            </tr>
          </thead>
          <tbody>
            ${shops.map(
              (s) =>
                html`<tr>
                  <td>${s.name}</td>
                  <td>${s.domain}</td>
                  <td>${s.currency}</td>
                  <td>${core.isInstalled(s) ? 'Installée' : 'Non installée'}</td>
                  <td><a href="${core.basePath}/store/${s.domain}/admin">Administration de ${s.name}</a></td>
                </tr>`,
            )}
          </tbody>
        </table>
        <h3>Nouvelle boutique</h3>
        <form method="post" action="${c}/shops">
          <div class="row">
            <div><label for="new-shop-domain">Domaine (nom.myshopify.com)</label><input id="new-shop-domain" name="domain" required placeholder="ma-boutique.myshopify.com" /></div>
            <div><label for="new-shop-name">Nom de la boutique</label><input id="new-shop-name" name="name" /></div>
            <div><label for="new-shop-email">E-mail</label><input id="new-shop-email" name="email" type="email" /></div>
            <div>
              <label for="new-shop-currency">Devise</label
              ><select id="new-shop-currency" name="currency">
                ${currencyOptions('EUR')}
              </select>
            </div>
          </div>
          <button type="submit">Créer la boutique</button>
        </form>
      </section>
      ${shopSections}
      <section aria-labelledby="app-config-title">
        <h2 id="app-config-title">Application</h2>
        <p>Clé d'API : <code>${core.app.apiKey}</code>. Adresse d'installation : <code>${core.app.installUrl}</code>.</p>
        <form method="post" action="${c}/app">
          <div class="row">
            <div><label for="app-name">Nom affiché</label><input id="app-name" name="name" value="${core.state.app.name}" /></div>
            <div>
              <label for="app-compliance">Adresse des webhooks de conformité</label
              ><input id="app-compliance" name="complianceUri" type="url" value="${core.state.app.complianceUri}" size="50" />
            </div>
          </div>
          <fieldset>
            <legend>Données clients protégées approuvées par Shopify</legend>
            <label for="app-protected-level">Niveau</label>
            <select id="app-protected-level" name="protectedLevel">
              ${([0, 1, 2] as const).map((level) => html`<option value="${level}" ${core.protectedData.level === level ? 'selected' : ''}>${PROTECTED_LEVEL_LABELS[level]}</option>`)}
            </select>
            ${(['name', 'email', 'phone', 'address'] as const).map(
              (f) =>
                html`<span
                  ><input
                    id="app-protected-${f}"
                    name="protected${f[0]!.toUpperCase()}${f.slice(1)}"
                    type="checkbox"
                    value="true"
                    ${core.protectedData.fields.includes(f) ? 'checked' : ''}
                  /><label for="app-protected-${f}"> ${PROTECTED_FIELD_LABELS[f]}</label></span
                >`,
            )}
          </fieldset>
          <button type="submit">Enregistrer</button>
        </form>
      </section>
      <section aria-labelledby="tests-title">
        <h2 id="tests-title">Simulations</h2>
        <form method="post" action="${c}/throttle">
          <label for="throttle-count">Limiter (THROTTLED) les N prochains appels GraphQL</label>
          <input id="throttle-count" name="count" type="number" min="0" value="1" required />
          <button type="submit">Limiter</button>
        </form>
        <form method="post" action="${c}/faults">
          <fieldset>
            <legend>Simuler une panne de Shopify</legend>
            <label for="fault-kind">Réponse</label>
            <select id="fault-kind" name="fault">
              ${FAULT_KINDS.map((k) => html`<option value="${k}">${FAULT_LABELS[k]}</option>`)}
            </select>
            <label for="fault-shop">Boutique (toutes si vide)</label>
            <input id="fault-shop" name="shop" type="text" />
            <label for="fault-operation">Opération : nom GraphQL, champ racine ou chemin (toutes si vide)</label>
            <input id="fault-operation" name="operation" type="text" />
            <label for="fault-count">Nombre d'appels (jusqu'à levée si vide)</label>
            <input id="fault-count" name="count" type="number" min="1" />
            <label for="fault-delay">Délai de la réponse lente (ms)</label>
            <input id="fault-delay" name="delayMs" type="number" min="0" />
            <label for="fault-retry-after">Retry-After (secondes, 429 et 503)</label>
            <input id="fault-retry-after" name="retryAfter" type="number" min="0" step="0.1" />
            <span><input id="fault-applied" name="applied" type="checkbox" value="true" /><label for="fault-applied"> L'opération est exécutée avant l'erreur (5xx)</label></span>
          </fieldset>
          <button type="submit">Simuler</button>
        </form>
        ${faultList(core)}
        <form method="post" action="${c}/webhooks/drop">
          <label for="drop-count">Perdre les N prochaines livraisons de webhooks</label>
          <input id="drop-count" name="count" type="number" min="0" value="1" required />
          <button type="submit">Perdre</button>
        </form>
        <form method="post" action="${c}/webhooks/hold">
          <button type="submit" class="secondary">Retenir les prochaines livraisons de webhooks</button>
        </form>
        <form method="post" action="${c}/webhooks/release">
          <label for="release-order">Envoyer les livraisons retenues (${core.dispatcher.heldCount})</label>
          <select id="release-order" name="order">
            <option value="fifo">Dans l'ordre</option>
            <option value="reverse">En ordre inverse</option>
          </select>
          <button type="submit" class="secondary">Envoyer</button>
        </form>
        <form method="post" action="${c}/deliveries/retry">
          <button type="submit" class="secondary">Relancer maintenant les livraisons en échec</button>
        </form>
        <form method="post" action="${c}/reset">
          <button type="submit" class="danger">Réinitialiser l'émulateur</button>
        </form>
      </section>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Dernières livraisons de webhooks</h2>
        ${
          deliveries.length === 0
            ? html`<p class="muted">Aucune livraison.</p>`
            : html`<table aria-labelledby="deliveries-title">
                <thead>
                  <tr>
                    <th scope="col">Sujet</th>
                    <th scope="col">Boutique</th>
                    <th scope="col">Adresse</th>
                    <th scope="col">Tentatives</th>
                    <th scope="col">Dernier statut</th>
                    <th scope="col">État</th>
                  </tr>
                </thead>
                <tbody>
                  ${deliveries.map(
                    (d) =>
                      html`<tr>
                        <td>${d.topic}</td>
                        <td>${d.shop}</td>
                        <td><code>${d.uri}</code></td>
                        <td>${d.attempts}</td>
                        <td>${d.lastStatus ?? d.lastError ?? '—'}</td>
                        <td>${d.delivered ? 'Livrée' : d.dropped ? 'Perdue (simulation)' : d.abandoned ? 'Abandonnée' : 'En cours de nouvelle tentative'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>`,
    { homeHref: home },
  );
}
