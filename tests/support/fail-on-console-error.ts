// A console.error during a test is a failure: it is how React, libraries and our code report bugs.
import { afterEach, beforeEach, vi } from 'vitest';

let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const seen = calls;
  calls = [];
  vi.mocked(console.error).mockRestore?.();
  if (seen.length > 0) {
    const first = seen[0]!.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`console.error was called ${seen.length} time(s) during the test: ${first}`);
  }
});
