// The emulator's control page (French, server-rendered): shops, customers and orders to create,
// the app's configuration, simulated faults and the webhook delivery log.
import type { EmulatorCore } from '../core';
import { FAULT_KINDS, type Fault, type FaultKind } from '../faults';
import { CURRENCIES } from '../format';
import { html, page, type SafeHtml } from '../html';
import { storefrontUrl } from '../storefront/domains';
import { customerName, noticeBlock, ordersTable } from './common';

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
        ${core.storefrontServed ? html` — <a href="${storefrontUrl(core, shop)}">Voir la boutique en ligne</a>` : ''}
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
          <div>
            <label for="${p}-olocale">Langue du client (customer_locale)</label>
            <select id="${p}-olocale" name="customerLocale">
              <option value="fr">Français (fr)</option>
              <option value="fr-CA">Français du Canada (fr-CA)</option>
              <option value="en">Anglais (en)</option>
              <option value="de-DE">Allemand (de-DE)</option>
              <option value="es-ES">Espagnol (es-ES)</option>
              <option value="it-IT">Italien (it-IT)</option>
              <option value="nl-BE">Néerlandais de Belgique (nl-BE)</option>
              <option value="pt-BR">Portugais du Brésil (pt-BR)</option>
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
              ${core.storefrontServed ? html`<th scope="col">Boutique en ligne</th>` : ''}
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
                  ${core.storefrontServed ? html`<td><a href="${storefrontUrl(core, s)}">Boutique ${s.name}</a></td>` : ''}
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
