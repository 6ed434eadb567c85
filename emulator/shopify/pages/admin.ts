// The shop's side of Shopify (French, server-rendered): its admin page, the OAuth consent screen and
// the billing confirmation page.
import type { EmulatorCore } from '../core';
import { SCOPE_LABELS, SUBSCRIPTION_LABELS, frDate, html, page } from '../html';
import type { AppSubscriptionRecord, ShopRecord } from '../types';
import { storefrontUrl } from '../storefront/domains';
import { customerName, noticeBlock, ordersTable, subscriptionPrice } from './common';

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
        <p>
          <a class="button" href="${base}/apps/open">Ouvrir l'application</a>
          <a class="button secondary" href="${core.basePath}/admin/${shop.domain}/apps/${core.app.apiKey}">Ouvrir dans l'administration (intégrée)</a>
        </p>
        <form method="post" action="${base}/apps/uninstall">
          <button type="submit" class="danger">Désinstaller l'application</button>
        </form>`
    : html`<p><span class="badge">Non installée</span>${shop.installation?.uninstalledAt ? ` (désinstallée le ${frDate(shop.installation.uninstalledAt)})` : ''}</p>
        <p><a class="button" href="${base}/apps/install">Installer l'application</a></p>
        ${
          core.app.scopes?.trim()
            ? html`<form method="post" action="${base}/apps/install-managed">
                  <button type="submit" class="secondary">Installer depuis l'App Store (installation gérée par Shopify)</button>
                </form>
                <p class="muted">
                  Shopify installe l'application avec les autorisations qu'elle déclare, puis l'ouvre dans l'administration : elle obtient son jeton par échange du jeton de
                  session.
                </p>`
            : html`<p class="muted">L'installation gérée par Shopify demande les autorisations déclarées par l'application (option <code>scopes</code>).</p>`
        }`;

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
            ${
              core.storefrontServed
                ? html`<tr>
                    <th scope="row">Boutique en ligne</th>
                    <td><a href="${storefrontUrl(core, shop)}">Voir la boutique</a></td>
                  </tr>`
                : ''
            }
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
