import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The React app lives in src/web and is built to dist/web, which the Hono server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
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
