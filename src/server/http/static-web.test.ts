import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createWebHandler } from './static-web';

function site() {
  const dir = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
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
});
