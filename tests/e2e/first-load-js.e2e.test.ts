/**
 * The JavaScript each merchant screen loads before it is usable (issue 30), read from the web build
 * the e2e project's global setup makes when stale (dist/web and its manifest): no browser needed.
 * The bench prints the same figures against the 175 KB aim (`BENCH_ONLY=screens npm run bench`).
 */
import { describe, expect, it } from 'vitest';
import { allRoutes } from '#core/routes';
import { screenModules, screenScripts } from '#server/http/static-web';
import { FIRST_LOAD_AIM_BYTES, firstLoad, MERCHANT_SCREENS, readManifest } from '../support/first-load-js';

const DIST_WEB = 'dist/web';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the JavaScript a merchant screen loads before it is usable', () => {
  const manifest = readManifest(DIST_WEB);

  for (const [path, screen] of Object.entries(MERCHANT_SCREENS)) {
    describe(path, () => {
      const load = firstLoad(DIST_WEB, screen.modules, manifest);

      it(`stays within its ceiling (the aim is ${kb(FIRST_LOAD_AIM_BYTES)} gzip)`, () => {
        expect(load.gzipBytes, `${path} loads ${kb(load.gzipBytes)} gzip, ceiling ${kb(screen.ceilingBytes)}`).toBeLessThanOrEqual(screen.ceilingBytes);
      });

      it('loads neither the landing chart, nor the template editor, nor zod', () => {
        expect(load.keptOutInside).toEqual([]);
      });

      it('loads the French catalogues it reads, not every screen’s', () => {
        expect(load.catalogues.filter((name) => !screen.catalogues.includes(name))).toEqual([]);
        // Its own catalogue is there: the source maps are read, so the check above can fail.
        expect(load.catalogues).toContain(path.replace('/app/', ''));
      });
    });
  }

  // The server names a route's screen scripts in its page (modulepreload) by the router's naming
  // convention (src/server/http/static-web.ts): a screen renamed or moved would lose them silently.
  it('has each route’s screen where the server looks for it, and the server preloads the merchant screens’ chunks', () => {
    const missing = allRoutes.flatMap((route) =>
      screenModules(route)
        .filter((module) => !manifest[module])
        .map((module) => `${route}: ${module}`),
    );
    expect(missing).toEqual([]);
    const entry = new Set(firstLoad(DIST_WEB, [], manifest).chunks);
    for (const [path, screen] of Object.entries(MERCHANT_SCREENS)) {
      const preloaded = new Set(screenScripts(manifest, path));
      const lazyFiles = firstLoad(DIST_WEB, screen.modules, manifest).chunks.filter((key) => !entry.has(key));
      expect(
        lazyFiles.map((key) => `/${manifest[key]!.file}`).filter((file) => file.endsWith('.js') && !preloaded.has(file)),
        path,
      ).toEqual([]);
    }
  });
});
