/**
 * The start scripts run the compiled server with the memory settings of decision 035 (the
 * allocator's threshold, V8's young generation and how far its old generation grows between full
 * collections), each the same way; the footprint bench reads the
 * first one to start the server as `npm start` does (bench/footprint.ts, `startScriptCommand`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the start scripts', () => {
  it.each(['start', 'start:web', 'start:worker'])('%s runs the compiled server with the allocator threshold and the heap growth set', (name) => {
    expect(scripts[name]).toMatch(
      /&& MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=20 --enable-source-maps dist\/server\/main\.js --role=\w+$/,
    );
  });
});
