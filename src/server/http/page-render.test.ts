import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '#tests/support/recording-logger';
import { createPageRenderer, type AdminDoorDrawing, type DrawnPage } from './page-render';

/**
 * A renderer build (dist/web-render) whose renderPage is `source`, a function of (url, fetch, options)
 * where `fetch` is the transport the server set, as the web client's API calls use it.
 */
function rendererDir(source: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-render-'));
  if (source !== null) {
    writeFileSync(
      join(dir, 'server-render.js'),
      `let transport;\nexport const setApiTransport = (next) => { transport = next; };\nconst render = ${source};\nexport const renderPage = (url, options) => render(url, transport, options);\n`,
    );
  }
  return dir;
}

/** The API the render's reads reach: answers GET /api/me with the headers it received, renewing the session. */
function api() {
  const app = new Hono();
  app.get('/api/me', (c) => {
    c.header('set-cookie', 'session=renewed; Path=/; HttpOnly');
    return c.json({ cookie: c.req.header('cookie') ?? null, authorization: c.req.header('authorization') ?? null, language: c.req.header('accept-language') ?? null });
  });
  return app;
}

/** Draws `path` through a page app whose one route calls the renderer, as src/server/app.ts does. */
async function draw(dir: string, path: string, headers: Record<string, string>, logger = recordingLogger(), deadlineMs = 1_000, adminDoor?: AdminDoorDrawing) {
  const drawPage = createPageRenderer(dir, logger.log, deadlineMs);
  const backend = api();
  let drawn: DrawnPage | null = null;
  const page = new Hono();
  page.get('*', async (c) => {
    drawn = await drawPage(c, backend, adminDoor);
    return c.text('ok');
  });
  await page.request(`http://shop.test${path}`, { headers });
  return { drawn: drawn as DrawnPage | null, lines: logger.lines.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => `${l.level} ${l.message}`) };
}

const READS_ME = `async (url, fetch, options) => {
  const me = await (await fetch('/api/me')).json();
  return { html: '<p>' + url.pathname + (options?.adminDoor ? ' (admin)' : '') + '</p>', state: { me }, unread: [] };
}`;

describe('the server’s drawing of an /app page', () => {
  it('reads through the API with the page request’s cookie and language, and passes on a renewed session cookie', async () => {
    const { drawn } = await draw(rendererDir(READS_ME), '/app/feedback', { cookie: 'session=abc', 'accept-language': 'fr-FR' });
    expect(drawn).not.toBeNull();
    expect(drawn!.root).toBe('<p>/app/feedback</p>');
    expect(JSON.parse(drawn!.state)).toEqual({ me: { cookie: 'session=abc', authorization: null, language: 'fr-FR' } });
    expect(drawn!.setCookies).toEqual(['session=renewed; Path=/; HttpOnly']);
  });

  it('draws the Shopify admin’s page with its session token, never the cookie, and passes no cookie on', async () => {
    // The admin's frame on the app's own origin (the local Shopify) may send the standalone cookie: not its caller.
    const { drawn } = await draw(rendererDir(READS_ME), '/app/feedback', { cookie: 'session=abc', 'accept-language': 'fr-FR' }, recordingLogger(), 1_000, {
      sessionToken: 'header.claims.signature',
    });
    expect(drawn!.root).toBe('<p>/app/feedback (admin)</p>');
    expect(JSON.parse(drawn!.state)).toEqual({ me: { cookie: null, authorization: 'Bearer header.claims.signature', language: 'fr-FR' } });
    expect(drawn!.setCookies).toEqual([]);
    // Without any cookie at all.
    const bare = await draw(rendererDir(READS_ME), '/app/feedback', {}, recordingLogger(), 1_000, { sessionToken: 't' });
    expect(JSON.parse(bare.drawn!.state)).toMatchObject({ me: { cookie: null, authorization: 'Bearer t' } });
  });

  it('only reads: a request other than GET fails in the render', async () => {
    const { drawn } = await draw(
      rendererDir(`async (url, fetch) => ({ html: '', unread: [], state: await fetch('/api/me', { method: 'POST' }).then(() => 'sent', (error) => error.message) })`),
      '/app/feedback',
      { cookie: 'session=abc' },
    );
    expect(JSON.parse(drawn!.state)).toBe('POST request in a server render');
  });

  it('draws nothing without a cookie, without a renderer build, or when the renderer says so', async () => {
    expect((await draw(rendererDir(READS_ME), '/app/feedback', {})).drawn).toBeNull();
    expect((await draw(rendererDir(null), '/app/feedback', { cookie: 'session=abc' })).drawn).toBeNull();
    expect((await draw(rendererDir('async () => null'), '/app/feedback', { cookie: 'session=abc' })).drawn).toBeNull();
  });

  it('sends the plain page when the drawing passes its deadline, without waiting for it', async () => {
    const slow = rendererDir(`(url) => new Promise((resolve) => setTimeout(() => resolve({ html: '<p>late</p>', state: null, unread: [] }), 2000))`);
    const began = performance.now();
    const { drawn, lines } = await draw(slow, '/app/shopify-diagnostic', { cookie: 'session=abc' }, recordingLogger(), 50);
    expect(drawn).toBeNull();
    expect(performance.now() - began).toBeLessThan(1500);
    expect(lines).toEqual(['warn page drawn too late, sent for the browser to draw']);
  });

  it('draws the page whose drawing missed a query, and says which in the log', async () => {
    const { drawn, lines } = await draw(rendererDir(`async () => ({ html: '<p>waiting</p>', state: {}, unread: [['reviews', 'all', '']] })`), '/app/feedback', {
      cookie: 'session=abc',
    });
    expect(drawn?.root).toBe('<p>waiting</p>');
    expect(lines).toEqual(['warn drawn page shows a query its drawing did not read']);
  });

  it('sends the plain page when the renderer fails, and says so in the log', async () => {
    const thrown = await draw(rendererDir(`async () => { throw new Error('window is not defined'); }`), '/app/schedule', { cookie: 'session=abc' });
    expect(thrown.drawn).toBeNull();
    expect(thrown.lines).toEqual(['warn page not drawn by the server']);
    const unloadable = mkdtempSync(join(tmpdir(), 'web-render-'));
    writeFileSync(join(unloadable, 'server-render.js'), 'export const renderPage = ;');
    const failed = await draw(unloadable, '/app/schedule', { cookie: 'session=abc' });
    expect(failed.drawn).toBeNull();
    expect(failed.lines).toEqual(['error page renderer failed to load']);
  });
});
