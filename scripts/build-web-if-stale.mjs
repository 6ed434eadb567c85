// Builds the React app (dist/web) when it is missing or older than its sources, so `npm start`
// works straight after `npm install` without rebuilding on every start.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const out = 'dist/web/index.html';
const sources = ['src/web', 'src/core', 'vite.config.ts', 'package.json'];

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

const builtAt = existsSync(out) ? statSync(out).mtimeMs : 0;
const changedAt = Math.max(...sources.filter(existsSync).map(newest));
if (builtAt < changedAt) {
  console.log('Building the web app (dist/web)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
