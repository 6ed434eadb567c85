/**
 * The start scripts run the compiled server with the memory settings of decision 035 (the
 * allocator's threshold and V8's young generation), each the same way; the footprint bench reads the
 * first one to start the server as `npm start` does (bench/footprint.ts, `startScriptCommand`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the start scripts', () => {
  it.each(['start', 'start:web', 'start:worker'])('%s runs the compiled server with the allocator threshold and the young generation set', (name) => {
    expect(scripts[name]).toMatch(/&& MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=4 --enable-source-maps dist\/server\/main\.js --role=\w+$/);
  });
});
