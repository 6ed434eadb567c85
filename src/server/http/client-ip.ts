/**
 * The client's address. The socket's address is the truth; X-Forwarded-For is believed only when a
 * trusted reverse proxy is configured (TRUST_PROXY), and then only its last hop (the one the proxy added).
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (in-process requests in tests).
    return 'unknown';
  }
}
