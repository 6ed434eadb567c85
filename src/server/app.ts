/**
 * The HTTP application: JSON API under /api, server functions under /functions/v1/{name}, /health,
 * and the built React app for every other path. Built from an AppContext so tests can create
 * isolated instances and call `app.request()` without a socket.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { REVIEW_PHOTO_LIMITS } from '#core/review-photos';
import { compress } from 'hono/compress';
import type { AppContext } from './context';
import { outboxRoutes } from './dev/outbox-routes';
import { errorResponse } from './http/errors';
import { jsonAnswer } from './http/json-answer';
import { apiSecurityHeaders, pageSecurityHeaders } from './http/security-headers';
import { mount, ContractViolation } from './http/route';
import { DomainError } from './domain-error';
import { isQueryError, storableErrorText } from './jobs/queue';
import { createWebHandler } from './http/static-web';
import { createPageRenderer } from './http/page-render';
import { sameOriginForCookieRequests } from './http/csrf';
import { healthRoutes } from './health';
import { planRoutes } from './plans/routes';
import { legalRoutes } from './legal/routes';
import { billingRoutes } from './billing/routes';
import { planStateRoutes } from './plans/state-routes';
import { insightRoutes } from './insight/routes';
import { authGateway, authRoutes } from './auth/routes';
import { storeRoutes } from './stores/routes';
import { shopifyAuthRoutes } from './shopify/auth-routes';
import { installationRoutes } from './shopify/installation-routes';
import { webhookRoutes } from './webhooks/ingest';
import { shopifyFunctionRoutes } from './shopify/function-routes';
import { verifySessionToken } from './shopify/session-token';
import { embeddedDocuments } from './shopify/embedded-routes';
import { complianceExportRoutes } from './privacy/export-routes';
import { requestRoutes } from './requests/routes';
import { ratingActionRoutes, reviewPageRoutes } from './reviews/routes';
import { auditRoutes } from './audit/routes';
import { brandingRoutes } from './branding/routes';
import { emailTemplateRoutes, sessionTemplateGate, TEMPLATE_TURN_ENDPOINTS } from './email-templates/routes';
import { settingsRoutes } from './settings/routes';
import { notificationRecipientRoutes } from './recipients/routes';
import { deliverabilityRoutes } from './deliverability/routes';
import { mediaRoutes } from './media/routes';
import { storefrontProxyRoutes } from './storefront/proxy';
import { APP_PROXY } from '#core/storefront';
import { storefrontRoutes } from './storefront/routes';
import { pgErrorCode } from '#db/pg-error';
import { ENDPOINTS } from '#core/api';
import { messageFor } from './messages';

/** SQLSTATEs of text values PostgreSQL refuses: character_not_in_repertoire, untranslatable_character, string_data_right_truncation. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05', '22001']);

export const defaultWebDist = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface AppOptions {
  webDist?: string;
  /** The server's renderer of /app screens (`vite build --ssr`): beside the web app's build by default. */
  webRenderDist?: string;
  /** How long the admin's return from a plan's approval waits for Shopify's billing (embedded-routes.ts). */
  billingReturnDeadlineMs?: number;
}

/**
 * Applies a body limit to requests that may carry a body. Reading whether a GET has one makes
 * @hono/node-server build the full web Request (an abort signal, a stream) for a request that has none.
 */
const withBody =
  (limit: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next);

export function createApp(ctx: AppContext, options: AppOptions = {}) {
  const app = new Hono();
  const log = ctx.log.child('http');

  // The local Shopify's storefronts are each the root of an origin of their own (`*.localhost`), as
  // on Shopify, so a block's root-relative `/apps/avis/…` reaches the shop's app proxy (decision 043).
  // Development only: production has no emulator.
  const storefront = ctx.emulator?.storefront;
  if (storefront) app.use('*', async (c, next) => (storefront.serves(c.req.url) ? storefront.fetch(c.req.raw, c.env) : next()));

  // Shopify's webhooks first: machine-to-machine JSON, answered before the browser-facing middleware
  // (security headers, CSP nonce) that would only cost time on the hottest path.
  app.route('/webhooks', webhookRoutes(ctx));

  // The app's documents opened in the Shopify admin's iframe (decision 053): before the page headers
  // below, which forbid any framing; every other request goes on.
  const webDist = options.webDist ?? defaultWebDist;
  const drawPage = createPageRenderer(options.webRenderDist ?? join(webDist, '..', 'web-render'), ctx.log.child('page-render'), ctx.config.pageDrawDeadlineMs);
  const serveWeb = createWebHandler(webDist, { drawPage: (c) => drawPage(c, app) });
  app.get(
    '*',
    embeddedDocuments(ctx, {
      shell: serveWeb.shell,
      drawPage: (c, sessionToken) => drawPage(c, app, { sessionToken }),
      billingReturnDeadlineMs: options.billingReturnDeadlineMs,
    }),
  );

  // Pages get a CSP with a per-response nonce (the review page inlines its one script). JSON answers
  // and redirects never carry markup: a fixed, stricter policy, computed once. Both are set before the
  // handler, so answers keep @hono/node-server's light response (http/security-headers.ts).
  const pageHeaders = pageSecurityHeaders();
  const apiHeaders = apiSecurityHeaders();
  app.use('*', (c, next) => {
    const path = c.req.path;
    // Uploaded files carry their own headers (a sandboxing CSP, a cross-origin resource policy): src/server/media/routes.ts.
    if (path === '/media' || path.startsWith('/media/')) return next();
    return path.startsWith('/api/') || path.startsWith('/functions/') || path === '/health' ? apiHeaders(c, next) : pageHeaders(c, next);
  });

  // Requests that render merchant-written Liquid: counted per session before anything is read (decision 046),
  // ahead of the body limits, CSRF and compression, so a refused one costs the routing and headers only (decision 054).
  const templateGate = sessionTemplateGate(ctx.templates, (token) => {
    const verified = verifySessionToken(token, { apiKey: ctx.config.shopify.apiKey, secrets: ctx.config.shopify.clientSecrets });
    return verified.ok ? verified.shop : null;
  });
  for (const endpoint of TEMPLATE_TURN_ENDPOINTS) app.on(endpoint.method, endpoint.path, templateGate);

  const limit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => errorResponse(c, 'payload_too_large'),
  });
  // An upload endpoint (a logo) takes its own size, and says so with its own code.
  const uploadLimits = new Map(
    ENDPOINTS.filter((e) => e.upload).map((e) => [e.path, bodyLimit({ maxSize: e.upload!.maxBytes, onError: (c) => errorResponse(c, e.upload!.tooLarge) })]),
  );
  app.use(
    '/api/*',
    withBody((c, next) => (uploadLimits.get(c.req.path) ?? limit)(c, next)),
  );
  app.use('/functions/*', withBody(limit));
  // The review page's posts are small, but for its photos (decision 058): one per request from its
  // script, up to REVIEW_PHOTO_LIMITS.perReview with the form itself without JavaScript.
  const reviewLimit = (maxSize: number) => withBody(bodyLimit({ maxSize, onError: (c) => errorResponse(c, 'payload_too_large') }));
  const reviewLimits = {
    form: reviewLimit(64 * 1024),
    photo: reviewLimit(REVIEW_PHOTO_LIMITS.maxBytes + 64 * 1024),
    formWithPhotos: reviewLimit(REVIEW_PHOTO_LIMITS.perReview * REVIEW_PHOTO_LIMITS.maxBytes + 64 * 1024),
  };
  app.use('/review/*', (c, next) => {
    if (/^\/review\/[^/]+\/photos$/.test(c.req.path)) return reviewLimits.photo(c, next);
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return reviewLimits.formWithPhotos(c, next);
    return reviewLimits.form(c, next);
  });
  const csrf = sameOriginForCookieRequests(new URL(ctx.config.appUrl).origin);
  app.use('/api/*', csrf);
  app.use('/functions/*', csrf);
  // JSON answers go out compressed when the browser accepts it (the dashboard's, the reviews' and the
  // calendar's weigh a few kilobytes, which a phone's network feels; decision 027). The
  // session cookie is SameSite=Lax, so another site cannot have the browser send signed-in requests
  // whose compressed sizes it would measure (BREACH). Answers under 1 KB (the plans, errors) go as they
  // are, told by the Content-Length the contract layer's answers carry (http/json-answer.ts):
  // compressing one would save less than a TCP segment, never a round trip, and cost CPU and the
  // light response, since a compressed answer is a stream with headers set after the handler (decision 040).
  app.use('/api/*', compress({ threshold: 1024 }));

  app.route('/health', healthRoutes(ctx));

  // Every /api and /functions/v1 endpoint through its contract (src/core/api), on the root app so
  // the catch-alls below come after them.
  mount(app, ctx, [
    ...authRoutes(ctx),
    ...planRoutes(ctx),
    ...billingRoutes(ctx),
    ...planStateRoutes(ctx),
    ...legalRoutes(ctx),
    ...insightRoutes(ctx),
    ...storeRoutes(ctx),
    ...requestRoutes(ctx),
    ...ratingActionRoutes(ctx),
    ...auditRoutes(ctx),
    ...brandingRoutes(ctx),
    ...emailTemplateRoutes(ctx),
    ...settingsRoutes(ctx),
    ...notificationRecipientRoutes(ctx),
    ...deliverabilityRoutes(ctx),
    ...storefrontRoutes(ctx),
    ...installationRoutes(ctx),
    ...shopifyAuthRoutes(ctx, ctx.shopify),
    ...shopifyFunctionRoutes(ctx),
    ...complianceExportRoutes(ctx),
    ...outboxRoutes(ctx),
  ]);

  const api = new Hono();
  api.route('/auth', authGateway(ctx));
  api.all('*', (c) => errorResponse(c, 'not_found'));
  app.route('/api', api);

  const functions = new Hono();
  // The spec's server functions (docs/product/calls.md).
  functions.all('*', (c) => errorResponse(c, 'unknown_function'));
  app.route('/functions/v1', functions);

  app.route('/review', reviewPageRoutes(ctx));
  // The storefront's « Voir plus » pages and the review-collection page, through Shopify's app proxy (decision 028).
  app.route(APP_PROXY.path, storefrontProxyRoutes(ctx));
  // Uploaded logos, at stable public URLs (src/server/media).
  app.route('/media', mediaRoutes(ctx));
  if (ctx.emulator) app.route('/_shopify', ctx.emulator.app);

  app.get('*', serveWeb);
  app.all('*', (c) => errorResponse(c, 'not_found'));

  app.onError((error, c) => {
    if (error instanceof DomainError) return errorResponse(c, error.code, error.details);
    if (error instanceof ContractViolation) {
      log.error('answer outside its contract', { path: c.req.path, error: error.message });
      return errorResponse(c, 'internal');
    }
    // Hono's own HTTP errors (e.g. a malformed request) keep their status with a French message.
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return jsonAnswer(c, JSON.stringify({ error: messageFor('invalid_input'), code: 'invalid_input' }), status as 400);
    }
    // Text the database cannot store (a NUL character, an impossible Unicode escape, too long for
    // its column) is the client's mistake: 400, and the transaction it came in was rolled back.
    if (UNSTORABLE_TEXT.has(pgErrorCode(error) ?? '')) {
      log.warn('unstorable text refused', { path: c.req.path, code: pgErrorCode(error) });
      return errorResponse(c, 'invalid_input');
    }
    // Never the statement's parameters (customer data) of a failed query: its message and stack list them.
    log.error('unhandled error', { path: c.req.path, error: storableErrorText(error), ...(isQueryError(error) ? {} : { stack: error.stack }) });
    return errorResponse(c, 'internal');
  });

  return app;
}
