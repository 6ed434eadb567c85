/**
 * Password hashing at a test cost. The app hashes with scrypt N=2^17 (~128 MiB, a few hundred ms):
 * right for production, but the fuzzer sends hundreds of passwords through sign-in, sign-up and
 * change-password on a 2-core machine. Hashes keep the app's format (`scrypt$N$r$p$salt$hash`), and
 * the app's own verifyPassword reads N from the hash, so only hashing is replaced: every
 * verification is the real code. Password hashing strength is not what this suite tests.
 *
 * Use in a test file (vi.mock is hoisted above imports, so the factory imports this lazily):
 *   vi.mock('#tests/src/server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));
 */
import { randomBytes, scryptSync } from 'node:crypto';

type PasswordModule = typeof import('#server/auth/password');

export async function cheapPasswordModule(importOriginal: () => Promise<PasswordModule>): Promise<PasswordModule> {
  const real = await importOriginal();
  const N = 2 ** 10;
  return {
    ...real,
    async hashPassword(password: string) {
      const salt = randomBytes(16);
      const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1 });
      return `scrypt$${N}$8$1$${salt.toString('hex')}$${key.toString('hex')}`;
    },
  };
}
