import { describe, expect, it } from 'vitest';
import { oneOffUnsubscribeToken, readOneOffUnsubscribeToken } from './one-off-unsubscribe';

const SECRET = 'un-secret-de-test';
const STORE = '0b6f3c2a-9d1e-4f5a-8b7c-6d5e4f3a2b1c';

describe('one-off unsubscribe tokens', () => {
  it('carry the store and the lower-cased address, in URL-safe characters', () => {
    const token = oneOffUnsubscribeToken(SECRET, STORE, 'Ami.Proche+avis@Exemple.test');
    expect(token).toMatch(/^o-[A-Za-z0-9_-]+-[A-Za-z0-9_-]+$/);
    expect(readOneOffUnsubscribeToken(SECRET, token)).toEqual({ storeId: STORE, email: 'ami.proche+avis@exemple.test' });
  });

  it('refuse a token signed with another secret, or with another address or store swapped in', () => {
    const token = oneOffUnsubscribeToken(SECRET, STORE, 'ami@exemple.test');
    expect(readOneOffUnsubscribeToken('autre-secret', token)).toBeNull();
    const head = token.slice(2, 40);
    expect(readOneOffUnsubscribeToken(SECRET, `o-${head}-${Buffer.from('victime@exemple.test').toString('base64url')}`)).toBeNull();
    // Another store's id with this token's signature.
    const bytes = Buffer.from(head, 'base64url');
    Buffer.from('1b6f3c2a9d1e4f5a8b7c6d5e4f3a2b1c', 'hex').copy(bytes, 0);
    expect(readOneOffUnsubscribeToken(SECRET, `o-${bytes.toString('base64url')}${token.slice(40)}`)).toBeNull();
  });

  it('refuse malformed tokens', () => {
    for (const bad of ['', 'o-', 'o-abc-def', 'review-token-0123456789', `o-${'A'.repeat(38)}-${Buffer.from('sans-arobase').toString('base64url')}`]) {
      expect(readOneOffUnsubscribeToken(SECRET, bad)).toBeNull();
    }
  });
});
