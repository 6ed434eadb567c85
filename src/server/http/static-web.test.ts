import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { scriptJson, type DrawnPage } from './page-render';
import { createWebHandler } from './static-web';

const SCRIPT = 'console.log("avis clients");'.repeat(20);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'main-abc.js'), SCRIPT);
  // The build's precompressed copies (vite.config.ts, precompress); the logo has none.
  writeFileSync(join(dir, 'assets', 'main-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'main-abc.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'logo-abc.png'), PNG);
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  const app = new Hono();
  app.get('*', createWebHandler(dir));
  return app;
}

describe('the built web app', () => {
  it('serves hashed assets for a year', async () => {
    const res = await site().request('/assets/main-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('never serves build metadata from dot folders (Vite’s manifest)', async () => {
    const res = await site().request('/.vite/manifest.json');
    expect(await res.text()).not.toContain('src/main.tsx');
  });

  it('sends the brotli copy of a script to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await site().request('/assets/main-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gzip = await site().request('/assets/main-abc.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    const refused = await site().request('/assets/main-abc.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends the file itself without an accepted encoding or a compressed copy', async () => {
    const plain = await site().request('/assets/main-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);

    const image = await site().request('/assets/logo-abc.png', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });
});

describe('the pages of the built web app', () => {
  // A build's manifest: the entry, the /app layout, the dashboard and a chunk the dashboard shares with the entry.
  const MANIFEST = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js' },
    'components/layout/AppLayout.tsx': { file: 'assets/AppLayout-1.js', imports: ['_app-shell-1.js', '_framework-1.js'] },
    '_app-shell-1.js': { file: 'assets/app-shell-1.js' },
    'routes/app/dashboard.tsx': { file: 'assets/dashboard-1.js', imports: ['_framework-1.js', '_figures-1.js'] },
    '_figures-1.js': { file: 'assets/figures-1.js' },
    'routes/landing.tsx': { file: 'assets/landing-1.js', imports: ['_framework-1.js'] },
  };
  const HTML = '<!doctype html><html lang="fr"><head><title>app</title></head><body><div id="root"></div></body></html>';

  function built(manifest: object | null = MANIFEST) {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), HTML);
    if (manifest) writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const app = new Hono();
    app.get('*', createWebHandler(dir));
    return app;
  }
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it('names the scripts of the route’s screen that the entry does not, in the head', async () => {
    const dashboard = await (await built().request('/app/dashboard')).text();
    expect(preloads(dashboard)).toEqual(['/assets/AppLayout-1.js', '/assets/app-shell-1.js', '/assets/dashboard-1.js', '/assets/figures-1.js']);
    expect(dashboard.indexOf('modulepreload')).toBeLessThan(dashboard.indexOf('</head>'));
    // /app redirects to the dashboard; the landing page is a screen of its own.
    expect(preloads(await (await built().request('/app/')).text())).toContain('/assets/dashboard-1.js');
    expect(preloads(await (await built().request('/')).text())).toEqual(['/assets/landing-1.js']);
  });

  it('names none for a path that is no route, a screen missing from the build, or a build without a manifest', async () => {
    const missing = await built().request('/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(HTML);
    expect(await (await built().request('/login')).text()).toBe(HTML);
    expect(await (await built(null).request('/app/dashboard')).text()).toBe(HTML);
  });

  it('sends the page compressed as the browser accepts, never cached', async () => {
    const br = await built().request('/app/dashboard', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(preloads(html)).toHaveLength(4);

    const gzip = await built().request('/app/dashboard', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);

    const plain = await built().request('/app/dashboard');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });
});

describe('the /app pages the server draws', () => {
  const HEAD =
    '<script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">';
  const HTML = `<!doctype html><html lang="fr"><head><title>app</title>${HEAD}</head><body><div id="root"></div></body></html>`;
  const DRAWN: DrawnPage = {
    root: '<main><h1>Tableau de bord</h1></main>',
    state: scriptJson({ queries: [], note: '</script><!--' }),
    setCookies: ['session=renewed; Path=/; HttpOnly'],
  };

  function built(drawn: DrawnPage | null = DRAWN, nonce: string | null = 'n0nce') {
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), HTML);
    const asked: string[] = [];
    const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>();
    app.use('*', (c, next) => {
      if (nonce) c.set('secureHeadersNonce', nonce);
      return next();
    });
    app.get(
      '*',
      createWebHandler(dir, {
        drawPage: (c) => {
          asked.push(c.req.path);
          return Promise.resolve(drawn);
        },
      }),
    );
    return { app, asked };
  }

  it('sends the drawn screen inert in #root, its answers beside it, private, with the session cookie the reads renewed', async () => {
    const res = await built().app.request('/app/dashboard', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('accept-encoding, cookie');
    expect(res.headers.getSetCookie()).toEqual(['session=renewed; Path=/; HttpOnly']);
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toContain('<div id="root" inert><main><h1>Tableau de bord</h1></main></div><script type="application/json" id="app-state">');
    const state = /id="app-state">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(state)).toEqual({ queries: [], note: '</script><!--' });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });

  it('starts the app’s scripts from a script under the page’s nonce, not from the head', async () => {
    const html = await (await built().app.request('/app/feedback')).text();
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const boot = /<script nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(boot).toContain('"/assets/index-1.js"');
    expect(boot).toContain('["/assets/framework-1.js"]');
    expect(boot).toContain("'first-contentful-paint'");
  });

  it('asks for a drawing only for the screens the server draws, under a CSP nonce, and sends the plain page when there is none', async () => {
    const site = built();
    await site.app.request('/login');
    await site.app.request('/app/nowhere');
    await site.app.request('/app/email-templates');
    await site.app.request('/');
    expect(site.asked).toEqual([]);
    const plain = await built(null).app.request('/app/dashboard');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(await plain.text()).toBe(HTML);
    // Without a CSP nonce the boot script could not run: the page would stay inert.
    const withoutNonce = built(DRAWN, null);
    expect(await (await withoutNonce.app.request('/app/dashboard')).text()).toBe(HTML);
    expect(withoutNonce.asked).toEqual([]);
  });
});

describe('JSON inside a script element', () => {
  it('escapes every < so nothing can close the element or open a comment, and reads back the same', () => {
    const value = { review: '</script><script>alert(1)</script><!-- x', nested: ['<'] };
    const text = scriptJson(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});
