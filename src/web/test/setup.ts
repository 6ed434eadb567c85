// The one setup file of the web test project (vitest.config.ts, jsdom).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { failOnConsole } from '#tests/support/fail-on-console';

// A `findBy…` or `waitFor` returns as soon as what it waits for is there; its limit only decides when
// a test fails. The first render of a lazy screen in a file also transforms that screen's modules,
// which on a busy 2-core machine ran past Testing Library's 1 s: the limit no test's speed depends on.
configure({ asyncUtilTimeout: 10_000 });

// After-hooks run last-registered first: unmount, then drop stubbed globals (fetch), then check the
// console, so warnings React prints while unmounting still fail the test.
failOnConsole('error', 'warn');
afterEach(() => {
  vi.unstubAllGlobals();
});
afterEach(cleanup);
