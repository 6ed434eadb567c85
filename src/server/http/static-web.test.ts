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
