import { describe, expect, it } from 'vitest';
import { isDrawnRoute, isKnownRoute } from './routes';

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

describe('isDrawnRoute', () => {
  it('names the dashboard, the reviews and the calendar, with trailing slashes', () => {
    for (const path of ['/app/dashboard', '/app/feedback/', '/app/schedule']) expect(isDrawnRoute(path), path).toBe(true);
  });

  it('leaves every other screen to the browser: those with forms, /app itself, public pages', () => {
    for (const path of ['/app', '/app/', '/app/email-templates', '/app/settings', '/app/dashboard/extra', '/login', '/', '/application/dashboard']) {
      expect(isDrawnRoute(path), path).toBe(false);
    }
  });
});
