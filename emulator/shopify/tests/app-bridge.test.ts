// The App Bridge stand-in (embedded/app-bridge.ts) run in jsdom, framed by a stand-in parent window:
// its side of the postMessage protocol, the bearer token on the app's own requests with one retry,
// and the admin's chrome it reports. The whole loop through a browser is the end-to-end tests' part.
import { JSDOM, VirtualConsole } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_BRIDGE_STAND_IN } from '../embedded/app-bridge';

const ADMIN_ORIGIN = 'http://localhost:3000';
const APP_URL = 'http://localhost:3000/app/dashboard?embedded=1&shop=maison-lumiere.myshopify.com&host=abc&locale=fr&id_token=x&hmac=y';
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

interface Framed {
  app: JSDOM;
  admin: JSDOM;
  window: any;
  /** What the stand-in posted to the admin, with the target origin it named. */
  posted: { message: any; targetOrigin: string }[];
  requests: Request[];
  /** The admin's answer (a MessageEvent from the parent window, from the admin's origin unless told). */
  answer(data: unknown, from?: { origin?: string; source?: unknown }): void;
  errors: string[];
}

let framed: Framed | null = null;
afterEach(() => {
  framed?.app.window.close();
  framed?.admin.window.close();
  framed = null;
});

function frame(body: string, options: { framed?: boolean; url?: string; respond?: (request: Request, index: number) => Response } = {}): Framed {
  const admin = new JSDOM('<!doctype html><title>Admin</title>', { url: `${ADMIN_ORIGIN}/_shopify/admin/maison-lumiere.myshopify.com/apps/test-client-id` });
  const posted: Framed['posted'] = [];
  admin.window.postMessage = ((message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin })) as any;
  const requests: Request[] = [];
  const errors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('error', (...args: unknown[]) => errors.push(args.map(String).join(' ')));
  virtualConsole.on('jsdomError', (error: Error) => errors.push(error.message));
  const app = new JSDOM(
    `<!doctype html><html><head><meta name="shopify-api-key" content="test-client-id"><script src="${ADMIN_ORIGIN}/_shopify/app-bridge.js"></script><title>Tableau de bord</title></head><body>${body}</body></html>`,
    {
      url: options.url ?? APP_URL,
      runScripts: 'outside-only',
      virtualConsole,
      beforeParse(window: any) {
        if (options.framed !== false) Object.defineProperty(window, 'parent', { get: () => admin.window, configurable: true });
        window.Request = Request;
        window.Headers = Headers;
        window.Response = Response;
        window.fetch = async (request: Request) => {
          requests.push(request);
          return options.respond?.(request, requests.length - 1) ?? new Response('{}', { status: 200 });
        };
      },
    },
  );
  const window = app.window as any;
  const script = window.document.querySelector('script');
  Object.defineProperty(window.document, 'currentScript', { get: () => script, configurable: true });
  window.eval(APP_BRIDGE_STAND_IN);
  Object.defineProperty(window.document, 'currentScript', { get: () => null, configurable: true });
  return {
    app,
    admin,
    window,
    posted,
    requests,
    errors,
    answer(data, from = {}) {
      window.dispatchEvent(new window.MessageEvent('message', { data, origin: from.origin ?? ADMIN_ORIGIN, source: 'source' in from ? from.source : admin.window }));
    },
  };
}

const messages = (f: Framed, type: string) => f.posted.filter((p) => p.message.type === `app-bridge:${type}`).map((p) => p.message);

/** Answers every token request the stand-in makes with the next token of the list. */
async function answerTokens(f: Framed, tokens: string[]) {
  for (let i = 0; i < 50 && tokens.length > 0; i++) {
    await tick(2);
    const asked = messages(f, 'id-token').slice(-1)[0];
    if (asked && !asked.answered) {
      asked.answered = true;
      f.answer({ type: 'app-bridge:id-token', id: asked.id, token: tokens.shift() });
    }
  }
}

const jwt = (exp: number) => `e30.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.sig`;

describe('the App Bridge stand-in', () => {
  it("reports the title, the navigation and the app's location to the admin's origin only", async () => {
    framed = frame(
      '<ui-title-bar title="Avis"></ui-title-bar><ui-nav-menu><a href="/app/dashboard" rel="home">Accueil</a><a href="/app/reviews">Avis</a><a href="/app/settings">Réglages</a></ui-nav-menu>',
    );
    await tick();
    expect(framed.errors).toEqual([]);
    expect(new Set(framed.posted.map((p) => p.targetOrigin))).toEqual(new Set([ADMIN_ORIGIN]));
    expect(messages(framed, 'title')).toEqual([{ type: 'app-bridge:title', title: 'Avis' }]);
    expect(messages(framed, 'nav')).toEqual([
      {
        type: 'app-bridge:nav',
        home: '/app/dashboard',
        items: [
          { href: '/app/reviews', label: 'Avis' },
          { href: '/app/settings', label: 'Réglages' },
        ],
      },
    ]);
    // Shopify's load parameters are the admin's, not the app's path.
    expect(messages(framed, 'location')).toEqual([{ type: 'app-bridge:location', path: '/app/dashboard' }]);
    framed.window.document.querySelector('ui-title-bar').setAttribute('title', 'Avis en attente');
    framed.window.history.pushState(null, '', '/app/reviews?status=pending');
    await tick();
    expect(messages(framed, 'title').at(-1).title).toBe('Avis en attente');
    expect(messages(framed, 'location').at(-1).path).toBe('/app/reviews?status=pending');
  });

  it('falls back on document.title', async () => {
    framed = frame('<p>Bonjour</p>');
    await tick();
    expect(messages(framed, 'title')).toEqual([{ type: 'app-bridge:title', title: 'Tableau de bord' }]);
  });

  it("gets session tokens from the admin, ignoring answers from another origin or window, and caches them until they're about to expire", async () => {
    framed = frame('');
    const first = framed.window.shopify.idToken();
    await tick();
    const [asked] = messages(framed, 'id-token');
    expect(asked).toMatchObject({ type: 'app-bridge:id-token', id: expect.any(Number) });
    const token = jwt(Math.floor(Date.now() / 1000) + 60);
    framed.answer({ type: 'app-bridge:id-token', id: asked.id, token: 'forged-1' }, { origin: 'http://evil.example' });
    framed.answer({ type: 'app-bridge:id-token', id: asked.id, token: 'forged-2' }, { source: null });
    framed.answer({ type: 'app-bridge:id-token', id: asked.id, token });
    expect(await first).toBe(token);
    expect(await framed.window.shopify.idToken()).toBe(token);
    expect(messages(framed, 'id-token')).toHaveLength(1);
  });

  it('adds the bearer token to requests to the app, retries once on the retry header, leaves other origins alone', async () => {
    const tokens = [jwt(Math.floor(Date.now() / 1000) + 60), jwt(Math.floor(Date.now() / 1000) + 60) + 'b'];
    framed = frame('', {
      respond: (_request, index) => (index === 0 ? new Response('', { status: 401, headers: { 'X-Shopify-Retry-Invalid-Session-Request': '1' } }) : new Response('{"ok":true}')),
    });
    const answered = framed.window.fetch('/api/reviews', { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    await answerTokens(framed, [...tokens]);
    const response = await answered;
    expect(response.status).toBe(200);
    expect(framed.requests.map((r) => [r.url, r.headers.get('authorization')])).toEqual([
      ['http://localhost:3000/api/reviews', `Bearer ${tokens[0]}`],
      ['http://localhost:3000/api/reviews', `Bearer ${tokens[1]}`],
    ]);
    expect(await framed.requests[1]!.text()).toBe('{"a":1}');
    await framed.window.fetch('https://cdn.example/x.json');
    expect(framed.requests[2]!.headers.has('authorization')).toBe(false);
  });

  it('retries only once: a second refusal is the answer', async () => {
    framed = frame('', { respond: () => new Response('', { status: 401, headers: { 'X-Shopify-Retry-Invalid-Session-Request': '1' } }) });
    const answered = framed.window.fetch('/api/me');
    await answerTokens(framed, ['t1', 't2', 't3']);
    expect((await answered).status).toBe(401);
    expect(framed.requests).toHaveLength(2);
  });

  it('refuses a token outside the admin', async () => {
    framed = frame('', { framed: false });
    await expect(framed.window.shopify.idToken()).rejects.toThrow(/not framed/);
    await framed.window.fetch('/api/me');
    expect(framed.requests[0]!.headers.has('authorization')).toBe(false);
  });

  it('shows toasts, opens the top window, and hands the save bar and the navigation back to the app', async () => {
    framed = frame(
      '<ui-nav-menu><a href="/app/reviews">Avis</a></ui-nav-menu><ui-save-bar id="flow-bar"><button variant="primary">Enregistrer le scénario</button><button>Annuler</button></ui-save-bar><a id="billing" href="https://billing.example/confirm" target="_top">Payer</a>',
    );
    const w = framed.window;
    w.shopify.toast.show('Scénario enregistré');
    w.shopify.toast.show('Échec', { isError: true });
    expect(messages(framed, 'toast').map((m) => [m.message, m.isError])).toEqual([
      ['Scénario enregistré', false],
      ['Échec', true],
    ]);

    await w.shopify.saveBar.show('flow-bar');
    expect(messages(framed, 'save-bar').at(-1)).toMatchObject({ id: 'flow-bar', visible: true, saveLabel: 'Enregistrer le scénario', discardLabel: 'Annuler' });
    const clicks: string[] = [];
    for (const button of w.document.querySelectorAll('ui-save-bar button')) button.addEventListener('click', () => clicks.push(button.textContent));
    framed.answer({ type: 'app-bridge:save-bar-action', id: 'flow-bar', action: 'save' });
    framed.answer({ type: 'app-bridge:save-bar-action', id: 'flow-bar', action: 'discard' });
    framed.answer({ type: 'app-bridge:save-bar-action', id: 'flow-bar', action: 'save' }, { origin: 'http://evil.example' });
    expect(clicks).toEqual(['Enregistrer le scénario', 'Annuler']);
    await w.shopify.saveBar.hide('flow-bar');
    expect(messages(framed, 'save-bar').at(-1)).toEqual({ type: 'app-bridge:save-bar', id: 'flow-bar', visible: false });
    await expect(w.shopify.saveBar.show('nowhere')).rejects.toThrow(/ui-save-bar/);

    expect(w.open('https://billing.example/approve', '_top')).toBeNull();
    w.document.getElementById('billing').click();
    expect(messages(framed, 'open').map((m) => [m.url, m.target])).toEqual([
      ['https://billing.example/approve', '_top'],
      ['https://billing.example/confirm', '_top'],
    ]);

    const navigated: string[] = [];
    w.document.addEventListener('shopify:navigate', (event: any) => {
      navigated.push(event.target.getAttribute('href'), event.detail.href);
      event.preventDefault();
    });
    framed.answer({ type: 'app-bridge:navigate', href: '/app/reviews' });
    framed.answer({ type: 'app-bridge:navigate', href: '/app/settings' });
    expect(navigated).toEqual(['/app/reviews', '/app/reviews', '/app/settings', '/app/settings']);
    await tick();
    expect(framed.errors).toEqual([]);
  });

  it("replaces a bounce page by its shopify-reload URL with a fresh id_token, only on the app's origin", async () => {
    framed = frame('', { url: 'http://localhost:3000/session-token-bounce?shopify-reload=%2Fapp%2Fdashboard%3Fshop%3Dmaison-lumiere.myshopify.com' });
    // jsdom does not navigate: the stand-in's location.replace shows as jsdom's « not implemented ».
    await answerTokens(framed, ['fresh.token.sig']);
    await tick();
    expect(messages(framed, 'id-token')).toHaveLength(1);
    expect(framed.errors).toEqual([expect.stringMatching(/Not implemented: navigation/)]);
    framed.app.window.close();
    framed = frame('', { url: 'http://localhost:3000/session-token-bounce?shopify-reload=https%3A%2F%2Fevil.example%2F' });
    await tick();
    expect(framed.errors.join('\n')).toContain('shopify-reload must name a URL of the app itself');
    expect(messages(framed, 'id-token')).toHaveLength(0);
  });
});
