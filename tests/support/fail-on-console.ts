// A console.error (or, in the web tests, a console.warn) during a test is a failure: it is how React,
// libraries and our code report bugs. Calls are silenced while the test runs and reported after it.
import { afterEach, beforeEach, vi } from 'vitest';

type Level = 'error' | 'warn';

/** Registers the hooks; call it once, from a setup file. */
export function failOnConsole(...levels: Level[]): void {
  let calls: { level: Level; args: unknown[] }[] = [];

  beforeEach(() => {
    calls = [];
    for (const level of levels) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        calls.push({ level, args });
      });
    }
  });

  afterEach(() => {
    const seen = calls;
    calls = [];
    // A test may have restored every mock already; then console[level] is the real method again.
    for (const level of levels) (console[level] as Partial<ReturnType<typeof vi.fn>>).mockRestore?.();
    if (seen.length > 0) {
      const counts = levels.map((level) => `console.${level} ${seen.filter((c) => c.level === level).length} time(s)`).join(', ');
      const first = seen[0]!;
      const text = first.args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
      throw new Error(`The console was called during the test (${counts}); first, console.${first.level}: ${text}`);
    }
  });
}
