import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

// The React app lives in src/web and is built to dist/web, which the Hono server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
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
          // What every screen runs (React, the router, TanStack Query, zod for the contracts) in one
          // chunk: one request, one cache entry across deployments, and better compression than the
          // dozen pieces the automatic splitting made of it. The landing chart (recharts) and the
          // template editor (liquidjs) stay in their own lazy chunks.
          groups: [{ name: 'framework', test: /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[^/]+|zod)\// }],
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
