// Routes of an emulated shop: `https://{shop}/admin/...` is served at `/store/{shop}/admin/...`.
import type { Context, Hono } from 'hono';
import { EmulatorError } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { encodeHost, signedUrl } from '../crypto';
import { graphqlHandler } from '../graphql/handler';
import { errorPage, readParams } from '../http';
import { adminPage, chargePage, consentPage } from '../pages/admin';
import type { ComplianceTopic, ShopRecord } from '../types';
import { COMPLIANCE_TOPICS } from '../topics';

export function storeRoutes(app: Hono, core: EmulatorCore): void {
  const home = () => core.homePath;

  const withShop = (c: Context, fn: (shop: ShopRecord) => Response | Promise<Response>): Response | Promise<Response> => {
    const shop = core.resolveShop(c.req.param('shop') ?? '');
    if (!shop) return errorPage(c, 404, 'Boutique introuvable', `Aucune boutique ${c.req.param('shop') ?? ''} dans l'émulateur.`, home());
    return fn(shop);
  };

  const htmlError = (c: Context, err: unknown): Response => {
    if (err instanceof EmulatorError) {
      const status = err.status === 401 ? 400 : err.status;
      return errorPage(c, status, 'Action impossible', err.message, home());
    }
    throw err;
  };

  app.get('/store/:shop', (c) => withShop(c, (shop) => c.redirect(`${core.basePath}/store/${shop.domain}/admin`, 302)));

  app.get('/store/:shop/admin', (c) => withShop(c, (shop) => c.html(adminPage(core, shop, c.req.query('notice')))));

  // The admin's install / open buttons: a freshly signed redirect to the app (the HMAC timestamp
  // is only valid for 90 s, so the link is signed when followed, not when the page was rendered).
  const openApp = (c: Context) => withShop(c, (shop) => c.redirect(core.installLink(shop.domain), 302));
  app.get('/store/:shop/admin/apps/install', openApp);
  app.get('/store/:shop/admin/apps/open', openApp);

  // Shopify-managed installation, as from the App Store: installed with the declared scopes, no
  // redirect to the app's install URL, then the app opened in the admin (which frames it).
  app.post('/store/:shop/admin/apps/install-managed', (c) =>
    withShop(c, (shop) => {
      try {
        core.installManaged(shop.domain);
      } catch (err) {
        return htmlError(c, err);
      }
      return c.redirect(`${core.basePath}/admin/${shop.domain}/apps/${encodeURIComponent(core.app.apiKey)}`, 303);
    }),
  );

  app.post('/store/:shop/admin/apps/uninstall', (c) =>
    withShop(c, (shop) => {
      try {
        core.uninstall(shop.domain);
      } catch (err) {
        return htmlError(c, err);
      }
      return c.redirect(`${core.basePath}/store/${shop.domain}/admin?notice=uninstalled`, 303);
    }),
  );

  app.post('/store/:shop/admin/compliance', (c) =>
    withShop(c, async (shop) => {
      const params = (await readParams(c)) ?? {};
      const topic = String(params.topic ?? '');
      if (!(COMPLIANCE_TOPICS as readonly string[]).includes(topic)) return errorPage(c, 400, 'Demande invalide', `Sujet inconnu : ${topic}`, home());
      try {
        core.raiseCompliance(shop.domain, topic as ComplianceTopic, { customerId: params.customerId as string | undefined });
      } catch (err) {
        return htmlError(c, err);
      }
      return c.redirect(`${core.basePath}/store/${shop.domain}/admin?notice=compliance`, 303);
    }),
  );

  // ---------------------------------------------------------------- OAuth

  interface AuthorizeFields {
    client_id: string;
    scope: string;
    redirect_uri: string;
    state: string | null;
    grantOptions: string | null;
  }

  const readAuthorize = (params: Record<string, unknown>): AuthorizeFields => {
    const s = (k: string) => (typeof params[k] === 'string' ? (params[k] as string) : null);
    return {
      client_id: s('client_id') ?? '',
      scope: s('scope') ?? '',
      redirect_uri: s('redirect_uri') ?? '',
      state: s('state'),
      grantOptions: s('grant_options[]'),
    };
  };

  const checkAuthorize = (c: Context, f: AuthorizeFields): Response | null => {
    if (f.client_id !== core.app.apiKey) {
      return errorPage(c, 400, "Requête d'autorisation invalide", `L'application « ${f.client_id || '(client_id manquant)'} » est inconnue.`, home());
    }
    if (!core.app.redirectUris.includes(f.redirect_uri)) {
      return errorPage(
        c,
        400,
        "Requête d'autorisation invalide",
        `L'adresse de redirection « ${f.redirect_uri || '(redirect_uri manquant)'} » n'est pas autorisée pour cette application.`,
        home(),
      );
    }
    return null;
  };

  const approve = (c: Context, shop: ShopRecord, f: AuthorizeFields): Response => {
    const code = core.approveInstall(shop.domain, f.scope, f.grantOptions === 'per-user');
    const params: Record<string, string> = {
      code,
      host: encodeHost(shop.domain),
      shop: shop.domain,
      timestamp: String(Math.floor(core.now().getTime() / 1000)),
    };
    if (f.state !== null) params.state = f.state;
    return c.redirect(signedUrl(f.redirect_uri, params, core.app.apiSecret), 302);
  };

  app.get('/store/:shop/admin/oauth/authorize', (c) =>
    withShop(c, (shop) => {
      const query: Record<string, unknown> = {};
      for (const [k, v] of new URL(c.req.url).searchParams) query[k] = v;
      const f = readAuthorize(query);
      const invalid = checkAuthorize(c, f);
      if (invalid) return invalid;
      // Like Shopify: an installed app that already holds the scopes skips the consent screen.
      if (core.hasScopes(shop, f.scope)) return approve(c, shop, f);
      return c.html(consentPage(core, shop, f));
    }),
  );

  app.post('/store/:shop/admin/oauth/authorize', (c) =>
    withShop(c, async (shop) => {
      const params = (await readParams(c)) ?? {};
      const f = readAuthorize(params);
      const invalid = checkAuthorize(c, f);
      if (invalid) return invalid;
      if (params.decision === 'approve') return approve(c, shop, f);
      const url = new URL(f.redirect_uri);
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The merchant declined the installation.');
      if (f.state !== null) url.searchParams.set('state', f.state);
      return c.redirect(url.toString(), 302);
    }),
  );

  app.post('/store/:shop/admin/oauth/access_token', async (c) => {
    const params = await readParams(c);
    if (!params) return c.json({ error: 'invalid_request', error_description: 'The body must be JSON or a form.' }, 400);
    for (const [k, v] of new URL(c.req.url).searchParams) if (!(k in params)) params[k] = v;
    const result = core.exchangeToken(c.req.param('shop'), params);
    return c.json(result.body, result.status as 200);
  });

  // ---------------------------------------------------------------- billing

  const withCharge = (c: Context, fn: (shop: ShopRecord, id: string) => Response | Promise<Response>) =>
    withShop(c, (shop) => {
      const id = c.req.param('id') ?? '';
      if (!core.state.appSubscriptions.some((s) => String(s.id) === id && s.shop === shop.domain)) {
        return errorPage(c, 404, 'Abonnement introuvable', `Aucun abonnement ${id} pour cette boutique.`, home());
      }
      return fn(shop, id);
    });

  app.get('/store/:shop/admin/charges/:id/confirm', (c) =>
    withCharge(c, (shop, id) => {
      const sub = core.requireAppSubscription(shop.domain, id);
      return c.html(chargePage(core, shop, sub), sub.status === 'PENDING' ? 200 : 409);
    }),
  );

  app.post('/store/:shop/admin/charges/:id/approve', (c) =>
    withCharge(c, (shop, id) => {
      try {
        return c.redirect(core.approveAppSubscription(shop.domain, id), 302);
      } catch (err) {
        return htmlError(c, err);
      }
    }),
  );

  app.post('/store/:shop/admin/charges/:id/decline', (c) =>
    withCharge(c, (shop, id) => {
      try {
        return c.redirect(core.declineAppSubscription(shop.domain, id), 302);
      } catch (err) {
        return htmlError(c, err);
      }
    }),
  );

  // ---------------------------------------------------------------- Admin GraphQL API

  app.post('/store/:shop/admin/api/:version/graphql.json', (c) => graphqlHandler(core, c));
}
