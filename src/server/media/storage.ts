/**
 * Where uploaded files live (config.storage.kind): the database (table stored_files, the default on
 * PostgreSQL: nothing else to back up), files under DATA_DIR/uploads (the default on the embedded
 * database), or an S3-compatible bucket. Each implements the Storage interface of types.ts.
 *
 * Keys are ours (`branding/{storeId}/logo-{timestamp}-{random}.png`), never a user's text, and every
 * backend checks them against one strict pattern before use: no `..`, no absolute path, no
 * backslash, no NUL, no percent-encoding, nothing a path or a URL could reinterpret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client';
import { storedFiles } from '#db/schema';
import type { Config } from '../config';
import type { StoredObject, Storage } from './types';

/** A lower-case folder, then one or more segments of letters, digits, `.`, `_` and `-`. */
const KEY_PATTERN = /^[a-z0-9-]+(?:\/[A-Za-z0-9._-]+)+$/;
const KEY_MAX_LENGTH = 512;

/** Keys never rewritten: a client (a browser, a mail client, a CDN) may keep a file forever. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * True for a key any backend may use. Besides the pattern, no segment may start with a dot: that
 * refuses `.` and `..` (a traversal once a key becomes a path) and hidden files.
 */
export function isStorageKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY_PATTERN.test(key) && !key.split('/').some((segment) => segment.startsWith('.'));
}

function assertKey(key: string): void {
  // Keys are built by the server: a bad one is a bug, never a user's mistake.
  if (!isStorageKey(key)) throw new Error('invalid storage key');
}

/** publicUrl and keyOfUrl for files served under `base` (an absolute URL without trailing slash). */
function urlsUnder(base: string): Pick<Storage, 'publicUrl' | 'keyOfUrl'> {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  return {
    publicUrl(key) {
      assertKey(key);
      return `${prefix}${key}`;
    },
    keyOfUrl(url) {
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      // A query, a fragment or an encoded character fails the pattern: no other URL maps to a key.
      return isStorageKey(key) ? key : null;
    },
  };
}

export function createStorage(config: Config, db: Database): Storage {
  const storage = config.storage;
  switch (storage.kind) {
    case 'database':
      return databaseStorage(config.appUrl, db);
    case 'files':
      return filesStorage(config.appUrl, storage.dir);
    case 's3':
      return s3Storage(storage);
  }
}

// ---------------------------------------------------------------------------------------------
// Database: one row per key in stored_files, served by GET /media/{key} (routes.ts).

function databaseStorage(appUrl: string, db: Database): Storage {
  return {
    kind: 'database',
    ...urlsUnder(`${appUrl}/media`),
    async put(key, bytes, contentType) {
      assertKey(key);
      // A Buffer view (no copy): node-postgres sends a Buffer as bytea; PGlite takes any Uint8Array.
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // An upsert: writing the same key again (a retried upload) is harmless.
      await db
        .insert(storedFiles)
        .values({ key, contentType, bytes: data, size: bytes.byteLength })
        .onConflictDoUpdate({ target: storedFiles.key, set: { contentType, bytes: data, size: bytes.byteLength } });
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const [row] = await db.select({ contentType: storedFiles.contentType, bytes: storedFiles.bytes }).from(storedFiles).where(eq(storedFiles.key, key));
      // node-postgres answers a Buffer, PGlite a Uint8Array: always a plain Uint8Array of our own.
      return row ? { contentType: row.contentType, bytes: new Uint8Array(row.bytes) } : null;
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      const [row] = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key));
      return row !== undefined;
    },
    async delete(key) {
      assertKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Files: `{dir}/{key}`, the content type given by the extension (our keys always carry one).

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  webp: 'image/webp',
};

function contentTypeOfKey(key: string): string | null {
  const extension = /\.([a-z]+)$/.exec(key)?.[1];
  return (extension && EXTENSION_TYPES[extension]) || null;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function filesStorage(appUrl: string, dir: string): Storage {
  const root = resolve(dir);

  /** The file of a valid key, checked to be inside `root` (the pattern already guarantees it). */
  function pathOf(key: string): string {
    const path = resolve(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new Error('invalid storage key');
    return path;
  }

  return {
    kind: 'files',
    ...urlsUnder(`${appUrl}/media`),
    async put(key, bytes, contentType) {
      assertKey(key);
      // The type is read back from the extension: a key whose extension says otherwise is a bug.
      if (contentTypeOfKey(key) !== contentType) throw new Error(`content type ${contentType} does not match the key's extension`);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside, then renamed over: a reader sees the whole file or none (`.tmp` is no key's
      // extension, so a leftover is never served).
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
    },
    async get(key): Promise<StoredObject | null> {
      const contentType = isStorageKey(key) ? contentTypeOfKey(key) : null;
      if (!contentType) return null;
      try {
        const data = await readFile(pathOf(key));
        return { contentType, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      if (!isStorageKey(key) || !contentTypeOfKey(key)) return false;
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// S3-compatible bucket: path-style URLs signed with SigV4 (aws4fetch); files are served by the
// bucket or its CDN at `S3_PUBLIC_URL/{key}`, never through this server.

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** One S3 request's limit: a hung endpoint must not hold an upload forever. */
const S3_TIMEOUT_MS = 30_000;

function s3Storage(settings: S3Settings): Storage {
  // Few retries (aws4fetch retries 5xx and 429): an upload waits seconds, not minutes.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 2,
  });
  const bucketUrl = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;

  /** The object's URL: the key's characters need no encoding (KEY_PATTERN). */
  function objectUrl(key: string): string {
    return `${bucketUrl}/${key}`;
  }

  async function request(key: string, method: 'GET' | 'HEAD'): Promise<Response | null> {
    const response = await client.fetch(objectUrl(key), { method, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      // The status only: the endpoint's answer may echo request details.
      throw new Error(`S3 ${method} answered ${response.status}`);
    }
    return response;
  }

  return {
    kind: 's3',
    ...urlsUnder(settings.publicUrl),
    async put(key, bytes, contentType) {
      assertKey(key);
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        // Never a SharedArrayBuffer view (uploads are read into ordinary buffers).
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: {
          'Content-Type': contentType,
          'Cache-Control': IMMUTABLE_CACHE_CONTROL,
          // The payload's hash is signed too (aws4fetch would otherwise send UNSIGNED-PAYLOAD).
          'X-Amz-Content-Sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        signal: AbortSignal.timeout(S3_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`S3 PUT answered ${response.status}`);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const response = await request(key, 'GET');
      if (!response) return null;
      const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      return { contentType, bytes: new Uint8Array(await response.arrayBuffer()) };
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      // A bucket that denies listing answers 403 for a missing key: that throws, rather than
      // hiding a permission problem behind "not found".
      return (await request(key, 'HEAD')) !== null;
    },
    async delete(key) {
      assertKey(key);
      // S3 answers 204 whether or not the key existed: deleting twice is harmless.
      const response = await client.fetch(objectUrl(key), { method: 'DELETE', signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE answered ${response.status}`);
    },
  };
}
