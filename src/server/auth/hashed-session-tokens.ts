/**
 * Session tokens stored as hashes.
 *
 * better-auth keeps each session's token in clear in `session.token` and finds a session by it. A
 * copy of the database (a backup, a read replica, an SQL injection elsewhere) would then hold live
 * credentials. This wraps its database adapter so that the `session` model only ever stores
 * SHA-256 of the token: values written are hashed, and lookups by token hash their operand. Rows
 * returned by a lookup made with a raw token carry that raw token back (better-auth re-signs the
 * cookie from it when it refreshes a session); rows found any other way carry the hash, which
 * is not a credential. SHA-256 without a salt is enough here: tokens are 32 random characters from
 * a 62-letter alphabet (about 190 bits), so there is nothing to guess.
 */
import { hashToken } from '../security/tokens';
import type { DBAdapter, DBTransactionAdapter, Where } from '@better-auth/core/db/adapter';

const MODEL = 'session';
const FIELD = 'token';

/**
 * Always hashes, even a value that looks hashed: a stored hash must never work as a token. The
 * 'sha256:' prefix names the stored format (migration 0007 converted the tokens stored in clear before it).
 */
export function hashSessionToken(token: string): string {
  return hashToken(token);
}

type Restore = Map<string, string>;

/** Hashes the token operands of `where`, remembering hash → raw for the rows that come back. */
function hashWhere(where: Where[] | undefined, restore: Restore): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== FIELD) return clause;
    const hash = (raw: unknown) => {
      if (typeof raw !== 'string') return raw;
      const hashed = hashSessionToken(raw);
      restore.set(hashed, raw);
      return hashed;
    };
    const value = Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value);
    return { ...clause, value } as Where;
  });
}

function restoreRow<T>(row: T, restore: Restore): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as Record<string, unknown>)[FIELD];
  if (typeof token !== 'string' || !restore.has(token)) return row;
  return { ...row, [FIELD]: restore.get(token) };
}

function wrap<A extends DBTransactionAdapter>(inner: A): A {
  return {
    ...inner,
    async create(args) {
      if (args.model !== MODEL) return inner.create(args);
      const data = args.data as Record<string, unknown>;
      const raw = data[FIELD];
      if (typeof raw !== 'string') return inner.create(args);
      const created = await inner.create({ ...args, data: { ...data, [FIELD]: hashSessionToken(raw) } as unknown as typeof args.data });
      return restoreRow(created, new Map([[hashSessionToken(raw), raw]]));
    },
    async findOne(args) {
      if (args.model !== MODEL) return inner.findOne(args);
      const restore: Restore = new Map();
      return restoreRow(await inner.findOne({ ...args, where: hashWhere(args.where, restore)! }), restore);
    },
    async findMany(args) {
      if (args.model !== MODEL) return inner.findMany(args);
      const restore: Restore = new Map();
      const rows = await inner.findMany({ ...args, where: hashWhere(args.where, restore) });
      return rows.map((row) => restoreRow(row, restore));
    },
    async count(args) {
      if (args.model !== MODEL) return inner.count(args);
      return inner.count({ ...args, where: hashWhere(args.where, new Map()) });
    },
    async update(args) {
      if (args.model !== MODEL) return inner.update(args);
      const restore: Restore = new Map();
      const update = typeof args.update[FIELD] === 'string' ? { ...args.update, [FIELD]: hashSessionToken(args.update[FIELD] as string) } : args.update;
      return restoreRow(await inner.update({ ...args, where: hashWhere(args.where, restore)!, update }), restore);
    },
    async updateMany(args) {
      if (args.model !== MODEL) return inner.updateMany(args);
      const update = typeof args.update[FIELD] === 'string' ? { ...args.update, [FIELD]: hashSessionToken(args.update[FIELD] as string) } : args.update;
      return inner.updateMany({ ...args, where: hashWhere(args.where, new Map())!, update });
    },
    async delete(args) {
      if (args.model !== MODEL) return inner.delete(args);
      return inner.delete({ ...args, where: hashWhere(args.where, new Map())! });
    },
    async deleteMany(args) {
      if (args.model !== MODEL) return inner.deleteMany(args);
      return inner.deleteMany({ ...args, where: hashWhere(args.where, new Map())! });
    },
    async consumeOne(args) {
      if (args.model !== MODEL) return inner.consumeOne(args);
      const restore: Restore = new Map();
      return restoreRow(await inner.consumeOne({ ...args, where: hashWhere(args.where, restore)! }), restore);
    },
    async incrementOne(args) {
      if (args.model !== MODEL) return inner.incrementOne(args);
      const restore: Restore = new Map();
      return restoreRow(await inner.incrementOne({ ...args, where: hashWhere(args.where, restore)! }), restore);
    },
  } as A;
}

/** Wraps a better-auth adapter factory (such as drizzleAdapter(...)) so session tokens are stored hashed. */
export function withHashedSessionTokens<O>(factory: (options: O) => DBAdapter) {
  return (options: O): DBAdapter => {
    const inner = factory(options);
    return {
      ...wrap(inner),
      transaction: (callback) => inner.transaction((trx) => callback(wrap(trx))),
    };
  };
}
