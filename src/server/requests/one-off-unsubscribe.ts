/**
 * Unsubscribe links for one-off e-mails (`send-email`), which have no review request and so no
 * stored token: the link carries the store and the address, signed with the app's secret, so the
 * same unsubscribe page and one-click endpoint serve them. Nothing about the recipient is stored
 * until they unsubscribe.
 *
 * Format: `o-<store id, 16 bytes><MAC, 12 bytes>` then `-<address>`, each part base64url.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'o-';
const MAC_BYTES = 12;

const macKey = (secret: string) => createHash('sha256').update(`one-off-unsubscribe:${secret}`).digest();
const mac = (secret: string, storeId: string, email: string) => createHmac('sha256', macKey(secret)).update(`${storeId}\n${email}`).digest().subarray(0, MAC_BYTES);
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export const isOneOffToken = (token: string) => token.startsWith(PREFIX);

export function oneOffUnsubscribeToken(secret: string, storeId: string, email: string): string {
  const address = email.toLowerCase();
  const head = Buffer.concat([uuidBytes(storeId), mac(secret, storeId, address)]).toString('base64url');
  return `${PREFIX}${head}-${Buffer.from(address).toString('base64url')}`;
}

/** The store and address of a genuine token; null for anything forged, altered or malformed. */
export function readOneOffUnsubscribeToken(secret: string, token: string): { storeId: string; email: string } | null {
  const match = /^o-([A-Za-z0-9_-]{38})-([A-Za-z0-9_-]{4,400})$/.exec(token);
  if (!match) return null;
  const head = Buffer.from(match[1]!, 'base64url');
  if (head.length !== 16 + MAC_BYTES) return null;
  const storeId = uuidText(head.subarray(0, 16));
  const email = Buffer.from(match[2]!, 'base64url').toString('utf8');
  if (!email.includes('@')) return null;
  const expected = mac(secret, storeId, email);
  return timingSafeEqual(head.subarray(16), expected) ? { storeId, email } : null;
}
