import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { contextFor, testConfig } from '#tests/support/test-context';
import { createApp } from '../app';
import { MEDIA_CSP } from './routes';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const PNG_KEY = 'branding/0b5c9f1e-2d3a-4c1b-9e8f-123456789abc/logo-1718000000000-a1b2c3.png';
const SVG_KEY = 'branding/0b5c9f1e-2d3a-4c1b-9e8f-123456789abc/logo-1718000000001-d4e5f6.svg';
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
const SVG_TEXT = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><rect width="1" height="1"></rect></svg>';

function expectMediaHeaders(res: Response, key: string, contentType: string): void {
  expect(res.headers.get('content-type')).toBe(contentType);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('etag')).toBe(`"${key}"`);
  expect(res.headers.get('content-disposition')).toBe('inline');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  // The app's baseline still applies.
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  // Our policy, not the page policy app.ts applies elsewhere: an SVG opened directly runs nothing.
  expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
}

async function expectNotFound(app: ReturnType<typeof createApp>, path: string): Promise<void> {
  const res = await app.request(path);
  expect(res.status, path).toBe(404);
  expect(await res.json(), path).toEqual({ error: 'Ressource introuvable.', code: 'not_found' });
}

describe('GET /media/{key}', () => {
  it.beforeAll(async ({ ctx }) => {
    await ctx.storage.put(PNG_KEY, PNG_BYTES, 'image/png');
    await ctx.storage.put(SVG_KEY, new TextEncoder().encode(SVG_TEXT), 'image/svg+xml');
  });

  it('answers a stored file with its type, an immutable cache policy and the media headers', async ({ app }) => {
    const res = await app.request(`/media/${PNG_KEY}`);
    expect(res.status).toBe(200);
    expectMediaHeaders(res, PNG_KEY, 'image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG_BYTES.length));
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([...PNG_BYTES]);
  });

  it('serves an SVG as image/svg+xml under the sandboxing CSP', async ({ app }) => {
    const res = await app.request(`/media/${SVG_KEY}`);
    expect(res.status).toBe(200);
    expectMediaHeaders(res, SVG_KEY, 'image/svg+xml');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toBe(SVG_TEXT);
  });

  it('answers HEAD with the headers and no body', async ({ app }) => {
    const res = await app.request(`/media/${PNG_KEY}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expectMediaHeaders(res, PNG_KEY, 'image/png');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 to If-None-Match with the key (strong, weak or in a list), 200 to another validator', async ({ app }) => {
    for (const validator of [`"${PNG_KEY}"`, `W/"${PNG_KEY}"`, `"other", "${PNG_KEY}"`]) {
      const res = await app.request(`/media/${PNG_KEY}`, { headers: { 'If-None-Match': validator } });
      expect(res.status, validator).toBe(304);
      expect(res.headers.get('etag')).toBe(`"${PNG_KEY}"`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    const other = await app.request(`/media/${PNG_KEY}`, { headers: { 'If-None-Match': `"${SVG_KEY}"` } });
    expect(other.status).toBe(200);
    // A validator for a key that holds nothing proves nothing.
    const missing = 'branding/nobody/logo-1.png';
    expect((await app.request(`/media/${missing}`, { headers: { 'If-None-Match': `"${missing}"` } })).status).toBe(404);
  });

  it('answers 404 with the JSON error shape for an unknown key', async ({ app }) => {
    await expectNotFound(app, '/media/branding/0b5c9f1e-2d3a-4c1b-9e8f-123456789abc/logo-0.png');
    await expectNotFound(app, '/media/');
    await expectNotFound(app, '/media/branding');
  });

  it('answers 404 to traversal attempts and to keys outside the pattern', async ({ app }) => {
    for (const path of [
      '/media/..%2f..%2fetc/passwd',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/branding/%00',
      '/media/branding/x.png%00.svg',
      '/media/branding%2f..%2f..%2fx.png',
      '/media/branding/%2e%2e/x.png',
      '/media/branding/%252e%252e/x.png',
      '/media/branding/%5c..%5cx.png',
      '/media/%2fetc/passwd',
      '/media/branding/%E0%A4%A.png',
    ]) {
      await expectNotFound(app, path);
    }
  });

  it('answers 404 to other methods', async ({ ctx, app }) => {
    const res = await app.request(`/media/${PNG_KEY}`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect((await ctx.storage.get(PNG_KEY))?.bytes).toEqual(PNG_BYTES);
  });
});

describe('GET /media/{key} with other storages', () => {
  it('serves files stored under DATA_DIR/uploads', async ({ ctx }) => {
    const dir = mkdtempSync(join(tmpdir(), 'avis-media-'));
    try {
      const files = contextFor(ctx.testDb.handle, testConfig({ STORAGE: 'files', DATA_DIR: dir }));
      await files.storage.put(PNG_KEY, PNG_BYTES, 'image/png');
      const res = await createApp(files).request(`/media/${PNG_KEY}`);
      expect(res.status).toBe(200);
      expectMediaHeaders(res, PNG_KEY, 'image/png');
      expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([...PNG_BYTES]);
      await files.emulator?.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('redirects permanently to the bucket’s public URL with S3 storage', async ({ ctx }) => {
    const s3 = contextFor(
      ctx.testDb.handle,
      testConfig({
        STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_BUCKET: 'logos',
        S3_ACCESS_KEY_ID: 'AKIDTEST',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.example.test/logos',
      }),
    );
    try {
      const s3App = createApp(s3);
      const res = await s3App.request(`/media/${PNG_KEY}`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`https://cdn.example.test/logos/${PNG_KEY}`);
      expect((await s3App.request('/media/..%2f..%2fetc/passwd')).status).toBe(404);
    } finally {
      await s3.emulator?.close();
    }
  });
});
