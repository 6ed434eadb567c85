// Compiles the server ahead of time into dist/server (ESM, dependencies left in node_modules), so
// production runs plain `node`, without a TypeScript loader in memory. Files the code reads next to
// itself travel with it: the migrations and the password list.
// What the server imports only when it needs it (the local Shopify emulator, mounted in development,
// demo and tests; the theme extension's Liquid, on a first storefront preview) becomes a chunk of its
// own under chunks/, so production never loads the emulator (decision 031). Code that main.js and a
// chunk share goes to a shared chunk, which main.js imports itself.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';

// The output folder must sit two levels below the project (dist/server by default): the bundle finds
// node_modules by walking up, and the web app at ../../dist/web.
const out = process.argv[2] ?? 'dist/server';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Three entries: the process entry (main.js), which checks the Node.js release before it loads the
// server (serve.js), and the template sandbox's process, which the server starts from beside itself
// (src/server/email-templates/sandbox.ts).
await build({
  entryPoints: { main: 'src/server/main.ts', serve: 'src/server/serve.ts', 'template-worker': 'src/server/email-templates/sandbox-worker.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  // Only modules that never read a file beside themselves (import.meta.url) may land in a chunk: one
  // folder down, their relative paths would point elsewhere. compiled-server.int.test.ts checks it.
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
cpSync('src/server/auth/common-passwords.txt', `${out}/common-passwords.txt`);
