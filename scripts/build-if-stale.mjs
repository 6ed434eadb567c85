// Builds what `npm start` runs when it is missing or older than its sources: the React app
// (dist/web, by Vite) and the compiled server (dist/server, scripts/build-server.mjs). So `npm start`
// works straight after `npm install` and does not rebuild on every start.
// `node scripts/build-if-stale.mjs server` checks the server only (a worker serves no pages).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const targets = {
  web: {
    // The browser's app, and the server's renderer of its /app screens (decision 039).
    outs: ['dist/web/index.html', 'dist/web-render/server-render.js'],
    sources: ['src/web', 'src/core', 'vite.config.ts', 'package.json'],
    command: 'npx vite build --logLevel warn && npx vite build --ssr server-render.tsx --logLevel error',
    label: 'the web app (dist/web, dist/web-render)',
    // Always the libraries' production builds: Vite builds their development ones when NODE_ENV says
    // otherwise, and the e2e project's global setup (this script) runs with vitest's NODE_ENV=test.
    env: { NODE_ENV: 'production' },
  },
  server: {
    outs: ['dist/server/main.js'],
    sources: ['src/server', 'src/core', 'src/db', 'emulator', 'scripts/build-server.mjs', 'scripts/build-review-script.mjs', 'package.json', 'tsconfig.json'],
    command: 'node scripts/build-review-script.mjs && node scripts/build-server.mjs',
    label: 'the server (dist/server)',
  },
};

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(targets);
for (const name of wanted) {
  const target = targets[name];
  if (!target) throw new Error(`unknown build target ${name}`);
  const builtAt = Math.min(...target.outs.map((out) => (existsSync(out) ? statSync(out).mtimeMs : 0)));
  const changedAt = Math.max(...target.sources.filter(existsSync).map(newest));
  if (builtAt < changedAt) {
    console.log(`Building ${target.label}…`);
    execSync(target.command, { stdio: 'inherit', env: { ...process.env, ...target.env } });
  }
}
