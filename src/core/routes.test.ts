import { describe, expect, it } from 'vitest';
import { isKnownRoute } from './routes';

describe('isKnownRoute', () => {
  it('knows every screen of the spec, with parameters and trailing slashes', () => {
    for (const path of ['/', '/login', '/app', '/app/dashboard', '/app/schedule/', '/shopify/entry', '/legal-notice', '/app/plans', '/unsubscribe/abc123']) {
      expect(isKnownRoute(path), path).toBe(true);
    }
  });

  it('rejects everything else', () => {
    for (const path of ['/nope', '/app/nope', '/unsubscribe', '/unsubscribe/', '/unsubscribe/a/b', '/app/dashboard/extra']) {
      expect(isKnownRoute(path), path).toBe(false);
    }
  });
});
