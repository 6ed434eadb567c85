import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './encryption';

describe('AES-GCM sealing', () => {
  const key = randomBytes(32);

  it('round-trips and never shows the plaintext', () => {
    const sealed = seal(key, 'shpat_secret-token');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('shpat');
    expect(unseal(key, sealed)).toBe('shpat_secret-token');
    expect(seal(key, 'same')).not.toBe(seal(key, 'same'));
  });

  it('refuses a tampered value or the wrong key', () => {
    const sealed = seal(key, 'token');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => unseal(key, parts.join('.'))).toThrow();
    expect(() => unseal(randomBytes(32), sealed)).toThrow();
    expect(() => unseal(key, 'plain-token')).toThrow('not a sealed value');
  });
});
