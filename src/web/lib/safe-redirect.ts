/** Where sign-in and sign-up go when no (safe) `redirect` parameter is given. */
export const defaultRedirectPath = '/app/dashboard';

const maxLength = 2048;

// C0 controls and DEL, raw or percent-encoded (%00-%1F, %7F); raw C1 controls too.
const rawControl = /[\u0000-\u001f\u007f-\u009f]/;
const encodedControl = /%(?:[01][0-9a-f]|7f)/i;

/**
 * The `redirect` query parameter of /login and /signup, made safe: a same-site path
 * ("/app/feedback?x=1#y") or `/app/dashboard`.
 *
 * Accepted only when the value starts with a single "/" (not "//" nor "/\", which browsers read as
 * another host), has no control character (raw or percent-encoded: browsers drop tabs and newlines
 * from URLs, so "/\t/evil.com" would become "//evil.com"), and resolves to this page's origin.
 * The normalised path, query and fragment are returned.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || value.length > maxLength) return defaultRedirectPath;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return defaultRedirectPath;
  if (rawControl.test(value) || encodedControl.test(value)) return defaultRedirectPath;

  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return defaultRedirectPath;
  }
  if (url.origin !== origin) return defaultRedirectPath;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Builds `{path}?redirect={target}` (or `{path}` when there is no target). Slashes are left readable
 * ("/login?redirect=/app/feedback"); everything else that could end the parameter is encoded.
 */
export function withRedirect(path: string, target: string | null | undefined, extra?: Record<string, string>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(extra ?? {})) {
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  }
  if (target) parts.push(`redirect=${encodeURIComponent(target).replace(/%2F/g, '/')}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}
