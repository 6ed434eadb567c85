// The one setup file of the web test project (vitest.config.ts, jsdom).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { failOnConsole } from '#tests/support/fail-on-console';

// After-hooks run last-registered first: unmount, then drop stubbed globals (fetch), then check the
// console, so warnings React prints while unmounting still fail the test.
failOnConsole('error', 'warn');
afterEach(() => {
  vi.unstubAllGlobals();
});
afterEach(cleanup);
