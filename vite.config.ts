import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { contractEndpoints } from './scripts/vite/contract-endpoints';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every script, style sheet and SVG of the build, at
 * their best compression: the server sends the one the browser accepts (src/server/http/static-web.ts)
 * without compressing anything per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        const file = join(options.dir!, fileName);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * React, React Router and TanStack Query: what every screen runs (the `framework` chunk below). Not
 * zod: only the screens with forms load it (scripts/vite/contract-endpoints.ts).
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[^/]+)\//;
/**
 * The app's own kit: its UI components, the API client and contracts, helpers (the `app-common`
 * chunk). Not the Shopify connection's API module, which carries that flow's catalogue.
 */
const APP_KIT = /\/src\/(web\/(components\/(ui|quota)|api\/(?!shopify\.ts)|lib)|core)\//;

/** The modules the /app layout imports and the entry does not (filled once the graph is known, read by the chunk groups). */
const appShell = new Set<string>();
/** The modules that import zod themselves: a form's rules, which go with the forms that read them (idem). */
const zodImporters = new Set<string>();

/**
 * Reads the module graph for the chunk groups below. The `app-shell` group: what
 * `components/layout/AppLayout.tsx` imports statically, minus what `main.tsx` does (the entry's own
 * chunk has it); the catalogues are left to the automatic splitting, which puts each where it is
 * read. And the modules that import zod, which the `app-common` group leaves out.
 */
function chunkGroupModules(): Plugin {
  return {
    name: 'chunk-group-modules',
    apply: 'build',
    buildEnd() {
      const reachable = (root: string) => {
        const seen = new Set<string>();
        const stack = [...this.getModuleIds()].filter((id) => id.endsWith(root));
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id) || /\/src\/web\/i18n\//.test(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = reachable('/src/web/main.tsx');
      for (const id of reachable('/src/web/components/layout/AppLayout.tsx')) {
        // The layout module itself stays the route's own chunk (the manifest names it; the router loads it).
        if (!initial.has(id) && !id.endsWith('/AppLayout.tsx') && !FRAMEWORK.test(id)) appShell.add(id);
      }
      for (const id of this.getModuleIds()) {
        if (this.getModuleInfo(id)?.importedIds.some((imported) => /\/node_modules\/zod\//.test(imported))) zodImporters.add(id);
      }
    },
  };
}

/**
 * `vite build --ssr`: the server's renderer of the /app screens (src/web/server-render.tsx, decision
 * 039), for Node, into dist/web-render, outside what the server serves. Everything is bundled, React's
 * production build included, as in the browser: the page it draws is the one the browser's scripts
 * hydrate, whatever NODE_ENV the server runs with.
 */
const serverRenderBuild = defineConfig({
  root: 'src/web',
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'server-render.tsx',
    outDir: '../../dist/web-render',
    emptyOutDir: true,
    // Written but not linked: the server runs with --enable-source-maps, which would read and keep
    // the map of every module it loads (some 20 MB of memory for this one).
    sourcemap: 'hidden',
  },
});

// The React app lives in src/web and is built to dist/web, which the Hono server serves.
const browserBuild = defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), contractEndpoints(import.meta.dirname), precompress(), chunkGroupModules()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunks each screen loads (tests/support/first-load-js.ts measures them).
    manifest: true,
    rolldownOptions: {
      // The catalogues (src/web/i18n/fr/*.ts) only declare constants. Saying so lets the bundler drop the
      // catalogue index's import edges: a screen's chunk then carries the catalogues it reads, not
      // every screen's (`messages` is a module namespace, src/web/i18n/index.ts; decision 027).
      treeshake: { moduleSideEffects: [{ test: /\/src\/web\/i18n\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Three chunks for what a merchant screen loads before its own code, each one request:
          // - `framework`: what every screen runs (React, the router, TanStack Query; not zod, see
          //   FRAMEWORK): one cache entry across deployments, and better compression than the many
          //   pieces the automatic splitting made of it;
          // - `main`: the entry's own code (the router, the auth gates, the session, the 404 screen);
          // - `app-shell`: the /app layout's (sidebar, header, account menu, billing notice).
          // The automatic splitting made dozens of small files of the rest, which a browser fetched
          // in waves of six over HTTP/1.1 after the entry had run (decision 027). Each screen's code
          // and what several screens share stay automatic. The landing chart (recharts) and the
          // template editor (liquidjs) stay in their own lazy chunks.
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'main', tags: ['$initial'], test: (id) => !FRAMEWORK.test(id), priority: 1 },
            { name: 'app-shell', test: (id) => appShell.has(id) },
            // Two more for what the screens share, which the automatic splitting cut into a chunk per
            // set of screens sharing it: a screen then loaded a score of small files, and a phone over
            // HTTP/1.1 (six connections) paid a round trip per wave of six (decision 049):
            // - `app-common`: the app's own kit (components, API client and contracts, helpers) that
            //   four screens or more use, so any screen likely needs most of it;
            // - `app-icons`: the icons two screens or more use, a few hundred bytes each.
            //   A module that imports zod (a form's rules) stays with the forms that use it: zod is
            //   no screen's first load (scripts/vite/contract-endpoints.ts).
            { name: 'app-common', test: (id) => APP_KIT.test(id) && !zodImporters.has(id), minShareCount: 4 },
            { name: 'app-icons', test: (id) => id.includes('/node_modules/lucide-react/'), minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/functions': 'http://localhost:3000',
      '/health': 'http://localhost:3000',
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRenderBuild : browserBuild));
