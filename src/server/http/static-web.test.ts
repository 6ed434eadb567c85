import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
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
