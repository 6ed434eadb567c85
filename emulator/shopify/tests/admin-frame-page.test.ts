// The local admin page's script (embedded/page.ts) run in jsdom: the admin's side of the App Bridge
// stand-in's protocol. It listens to the framed app's window only, from the app's origin, and draws
// what the stand-in reports: title, navigation, toasts, save bar; it mints tokens with its switch.
import { verifySessionToken } from '#server/shopify/session-token';
import { JSDOM, VirtualConsole } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_FRAME_SCRIPT } from '../embedded/page';
import { APP, DEMO, createTestEmulator, type TestEmulator } from '../test-support';

const APP_ORIGIN = 'http://localhost:3000';
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

let emu: TestEmulator;
let dom: JSDOM | null = null;
beforeEach(async () => {
  emu = createTestEmulator();
  emu.respond(() => new Response('<!doctype html>', { headers: { 'Content-Security-Policy': "frame-ancestors 'self'" } }));
  await emu.state.installApp(DEMO);
});
afterEach(() => {
  dom?.window.close();
  dom = null;
  return emu.close();
});

async function open(query = '') {
  const path = `/_shopify/admin/${DEMO}/apps/${APP.apiKey}/app/dashboard${query}`;
  const served = await (await emu.app.request(path.replace('/_shopify', ''))).text();
  // The page loads its script as a file (the app's CSP allows no inline script): the same script, run inline here.
  const script = await emu.app.request('/admin-frame.js');
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(await script.text()).toBe(ADMIN_FRAME_SCRIPT);
  expect(served).toContain('<script src="/_shopify/admin-frame.js"></script>');
  const page = served.replace('<script src="/_shopify/admin-frame.js"></script>', `<script>${ADMIN_FRAME_SCRIPT}</script>`);
  const errors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('error', (...args: unknown[]) => errors.push(args.map(String).join(' ')));
  virtualConsole.on('jsdomError', (error: Error) => errors.push(error.message));
  const minted: string[] = [];
  dom = new JSDOM(page, {
    url: `${APP_ORIGIN}${path}`,
    runScripts: 'dangerously',
    virtualConsole,
    beforeParse(window: any) {
      window.fetch = async (url: string, init: RequestInit) => {
        minted.push(url);
        const answer = await emu.app.request(url.replace('/_shopify', ''), init);
        return { ok: answer.ok, status: answer.status, json: () => answer.json() };
      };
    },
  });
  const window = dom.window as any;
  const frame = window.document.getElementById('app-frame');
  const sent: any[] = [];
  frame.contentWindow.postMessage = (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin });
  const fromApp = (data: Record<string, unknown>, from: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(new window.MessageEvent('message', { data, origin: from.origin ?? APP_ORIGIN, source: 'source' in from ? from.source : frame.contentWindow }));
  return { window, document: window.document, frame, sent, fromApp, errors, minted };
}

describe("the local admin page's side of the protocol", () => {
  it('draws the title, the navigation and the current link, and follows the app location in its address', async () => {
    const admin = await open();
    admin.fromApp({ type: 'app-bridge:title', title: 'Avis' });
    admin.fromApp({ type: 'app-bridge:title', title: 'Piégé' }, { origin: 'http://evil.example' });
    admin.fromApp({ type: 'app-bridge:title', title: 'Piégé' }, { source: admin.window });
    expect(admin.document.getElementById('app-title').textContent).toBe('Avis');
    admin.fromApp({
      type: 'app-bridge:nav',
      home: '/app/dashboard',
      items: [
        { href: '/app/dashboard', label: 'Tableau de bord' },
        { href: '/app/reviews', label: 'Avis' },
        { href: '//evil.example/x', label: 'Ailleurs' },
        { href: 'javascript:alert(1)', label: 'Script' },
      ],
    });
    const links = [...admin.document.querySelectorAll('#app-nav-items a')] as any[];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Tableau de bord', `/_shopify/admin/${DEMO}/apps/${APP.apiKey}/app/dashboard`, 'page'],
      ['Avis', `/_shopify/admin/${DEMO}/apps/${APP.apiKey}/app/reviews`, null],
    ]);
    links[1].click();
    expect(admin.sent).toEqual([{ message: { type: 'app-bridge:navigate', href: '/app/reviews' }, targetOrigin: APP_ORIGIN }]);
    admin.fromApp({ type: 'app-bridge:location', path: '/app/reviews?status=pending' });
    expect(admin.window.location.pathname + admin.window.location.search).toBe(`/_shopify/admin/${DEMO}/apps/${APP.apiKey}/app/reviews?status=pending`);
    expect(links[1].getAttribute('aria-current')).toBe('page');
    expect(admin.errors).toEqual([]);
  });

  it('shows toasts in the status region and the save bar, whose buttons act in the frame', async () => {
    const admin = await open();
    admin.fromApp({ type: 'app-bridge:toast', id: 'toast-1', message: 'Scénario enregistré', isError: false, duration: 5000 });
    const status = admin.document.querySelector('[role="status"]');
    expect(status.textContent).toBe('Scénario enregistré');
    admin.fromApp({ type: 'app-bridge:toast-hide', id: 'toast-1' });
    expect(status.textContent).toBe('');
    const bar = admin.document.getElementById('save-bar');
    expect(bar.hidden).toBe(true);
    admin.fromApp({ type: 'app-bridge:save-bar', id: 'flow-bar', visible: true, saveLabel: 'Enregistrer', discardLabel: 'Ignorer' });
    expect(bar.hidden).toBe(false);
    admin.document.getElementById('save-bar-save').click();
    admin.document.getElementById('save-bar-discard').click();
    expect(admin.sent.map((s) => s.message)).toEqual([
      { type: 'app-bridge:save-bar-action', id: 'flow-bar', action: 'save' },
      { type: 'app-bridge:save-bar-action', id: 'flow-bar', action: 'discard' },
    ]);
    admin.fromApp({ type: 'app-bridge:save-bar', id: 'flow-bar', visible: false });
    expect(bar.hidden).toBe(true);
  });

  it('mints a token with the page switch for each request, and says why when it cannot', async () => {
    const admin = await open('?token=wrong_signature');
    admin.fromApp({ type: 'app-bridge:id-token', id: 7 });
    for (let i = 0; i < 50 && admin.sent.length === 0; i++) await tick(2);
    const [answer] = admin.sent;
    expect(answer.targetOrigin).toBe(APP_ORIGIN);
    expect(answer.message).toMatchObject({ type: 'app-bridge:id-token', id: 7, token: expect.any(String) });
    expect(verifySessionToken(answer.message.token, { apiKey: APP.apiKey, secrets: [APP.apiSecret] })).toEqual({ ok: false, reason: 'signature' });
    expect(admin.minted).toEqual([`/_shopify/admin/${DEMO}/session-token?client_id=${APP.apiKey}&token=wrong_signature`]);
    await emu.state.uninstall(DEMO);
    admin.fromApp({ type: 'app-bridge:id-token', id: 8 });
    for (let i = 0; i < 50 && admin.sent.length === 1; i++) await tick(2);
    expect(admin.sent[1].message).toEqual({ type: 'app-bridge:id-token', id: 8, error: `the app is not installed on ${DEMO}` });
  });
});
