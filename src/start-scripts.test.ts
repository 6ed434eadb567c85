/**
 * The start scripts run the compiled server with the allocator setting of decision 035 (about 55 MB
 * less resident on PGlite), each the same way; the footprint bench reads the first one to start the
 * server as `npm start` does (bench/footprint.ts, `startScriptEnv`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the start scripts', () => {
  it.each(['start', 'start:web', 'start:worker'])('%s runs the compiled server with MALLOC_MMAP_THRESHOLD_ set', (name) => {
    expect(scripts[name]).toMatch(/&& MALLOC_MMAP_THRESHOLD_=131072 node --enable-source-maps dist\/server\/main\.js --role=\w+$/);
  });
});
