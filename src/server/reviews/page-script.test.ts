/**
 * The review page inlines the minified module generated from page-script.client.ts: the two must be in
 * step, or the page would run a script nobody can read in the repository.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REVIEW_PAGE_SCRIPT } from './page-script';

describe('the review page script', () => {
  it('is the minified build of page-script.client.ts (run scripts/build-review-script.mjs after editing it)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/build-review-script.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('stays small and reads its data from the page, never from the network before a submit', () => {
    // Photos (decision 058) brought it from 2 to under 5 KB: inlined, gzip makes it about 2 KB on the wire.
    expect(REVIEW_PAGE_SCRIPT.length).toBeLessThan(5_000);
    expect(REVIEW_PAGE_SCRIPT).toContain('review-data');
    expect(REVIEW_PAGE_SCRIPT.match(/fetch\(/g)).toHaveLength(1);
  });
});
