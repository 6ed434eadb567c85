import { createHash, randomBytes } from 'node:crypto';

/** An unguessable URL-safe token: 192 random bits (review links, installation tokens, OAuth states). */
export function newPublicToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The shape of a token newPublicToken makes (and of older ones, 16 to 128 URL-safe characters): anything else is no token, refused before a query. */
export function isPublicToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(value);
}

/**
 * How a one-time secret is stored: 'sha256:' and the hex digest (session tokens, confirmation links).
 * No salt is needed: the tokens are random and long, there is nothing to guess.
 */
export function hashToken(token: string): string {
  return 'sha256:' + createHash('sha256').update(token, 'utf8').digest('hex');
}
