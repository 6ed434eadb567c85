import { describe, expect, it } from 'vitest';
import { defaultRedirectPath, safeRedirectPath, withRedirect } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/app/dashboard', '/app/dashboard'],
    ['/app/feedback', '/app/feedback'],
    ['/app/feedback?filter=5#top', '/app/feedback?filter=5#top'],
    ['/subscription', '/subscription'],
    ['/app/account-settings?tab=password', '/app/account-settings?tab=password'],
    ['/', '/'],
    // Encoded slashes stay inside the path: still this site.
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    ['/%5C%5Cevil.com', '/%5C%5Cevil.com'],
    ['/app/../login', '/login'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
    ['/app/avis-clients-été', '/app/avis-clients-%C3%A9t%C3%A9'],
    ['/app?next=https://evil.com', '/app?next=https://evil.com'],
  ])('accepts the same-site path %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    // Other hosts, written every way a browser would read as one.
    ['//evil.com'],
    ['//evil.com/app/dashboard'],
    ['///evil.com'],
    ['/\\evil.com'],
    ['/\\/evil.com'],
    ['\\\\evil.com'],
    ['\\/evil.com'],
    ['https://evil.com'],
    ['http://localhost.evil.com/'],
    ['HTTPS://evil.com'],
    ['//localhost@evil.com'],
    ['evil.com'],
    ['app/dashboard'],
    ['.'],
    // Scripts and other schemes.
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    // Leading space, raw control characters (browsers drop tab and newline: "/\t/evil.com" → "//evil.com").
    [' /app/dashboard'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/\r/evil.com'],
    ['/\u0000/evil.com'],
    ['/app\u007f'],
    ['/app\u0085'],
    // The same, percent-encoded.
    ['/%09/evil.com'],
    ['/%0a/evil.com'],
    ['/%0D%0A/evil.com'],
    ['/%00'],
    ['/%7f'],
    ['/app?x=%0d%0aSet-Cookie:a=b'],
    // Absurdly long.
    [`/${'a'.repeat(3000)}`],
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBe(defaultRedirectPath);
  });

  it('falls back to the dashboard', () => {
    expect(defaultRedirectPath).toBe('/app/dashboard');
  });

  it('keeps the page origin: it never returns anything but a path', () => {
    for (const value of ['/a', '//b', 'https://c', '/%2F%2Fd', '/\\e']) {
      const result = safeRedirectPath(value);
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      expect(new URL(result, window.location.origin).origin).toBe(window.location.origin);
    }
  });
});

describe('withRedirect', () => {
  it('adds a readable redirect parameter and encodes what could end it', () => {
    expect(withRedirect('/login', null)).toBe('/login');
    expect(withRedirect('/login', '/subscription')).toBe('/login?redirect=/subscription');
    expect(withRedirect('/login', '/app/feedback?filter=5&q=a b#x')).toBe('/login?redirect=/app/feedback%3Ffilter%3D5%26q%3Da%20b%23x');
    expect(withRedirect('/login', '/app', { mode: 'forgot' })).toBe('/login?mode=forgot&redirect=/app');
  });

  it('round-trips through URLSearchParams', () => {
    const target = '/app/feedback?filter=5&q=é+x#top';
    const url = new URL(withRedirect('/login', target), 'http://localhost');
    expect(url.searchParams.get('redirect')).toBe(target);
  });
});
