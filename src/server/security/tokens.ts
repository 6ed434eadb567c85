import { randomBytes } from 'node:crypto';

/** An unguessable URL-safe token: 192 random bits (review links, installation tokens, OAuth states). */
export function newPublicToken(): string {
  return randomBytes(24).toString('base64url');
}
