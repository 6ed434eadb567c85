import { createHash, randomBytes } from 'node:crypto';

/** An unguessable URL-safe token: 192 random bits (review links, installation tokens, OAuth states). */
export function newPublicToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * How a one-time secret is stored: 'sha256:' and the hex digest (session tokens, confirmation links).
 * No salt is needed: the tokens are random and long, there is nothing to guess.
 */
export function hashToken(token: string): string {
  return 'sha256:' + createHash('sha256').update(token, 'utf8').digest('hex');
}
