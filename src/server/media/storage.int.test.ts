import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { storedFiles } from '#db/schema';
import { testConfig } from '#tests/support/test-context';
import { S3, s3Config, startFakeS3, type FakeS3 } from '#tests/support/fake-s3';
import { createStorage, isStorageKey } from './storage';
import type { Storage } from './types';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

/** Every byte value, NUL and high bytes included: what a bytea or a file must give back unchanged. */
const ALL_BYTES = Uint8Array.from({ length: 512 }, (_, index) => index % 256);

const TRAVERSALS = [
  '../etc/passwd',
  'branding/../../etc/passwd',
  'branding/..',
  'branding/./x.png',
  '/etc/passwd',
  'branding\\..\\x.png',
  'branding/x.png\u0000.svg',
  'branding/%2e%2e/x.png',
  'branding',
  'Branding/x.png',
  'branding//x.png',
  'branding/x.png?v=1',
  '',
];

async function expectRoundTrip(storage: Storage, key: string): Promise<void> {
  expect(await storage.exists(key)).toBe(false);
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, ALL_BYTES, 'image/png');
  expect(await storage.exists(key)).toBe(true);
  const file = await storage.get(key);
  expect(file?.contentType).toBe('image/png');
  // A plain Uint8Array whatever the driver (node-postgres answers a Buffer).
  expect(Object.getPrototypeOf(file!.bytes)).toBe(Uint8Array.prototype);
  expect([...file!.bytes]).toEqual([...ALL_BYTES]);
}

/** A deleted key is gone (get, exists), deleting it again is no error, and a key outside the pattern is refused. */
async function expectDeleted(storage: Storage, key: string): Promise<void> {
  await storage.put(key, ALL_BYTES, 'image/webp');
  expect(await storage.exists(key)).toBe(true);
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key);
  await expect(storage.delete('../etc/passwd')).rejects.toThrow('invalid storage key');
}

async function expectKeysRefused(storage: Storage): Promise<void> {
  for (const key of TRAVERSALS) {
    await expect(storage.put(key, ALL_BYTES, 'image/png'), key).rejects.toThrow('invalid storage key');
    expect(await storage.get(key), key).toBeNull();
    expect(await storage.exists(key), key).toBe(false);
  }
}

describe('storage keys', () => {
  it('accepts our keys and nothing a path or a URL could reinterpret', () => {
    expect(isStorageKey('branding/0b5c9f1e-2d3a-4c1b-9e8f-123456789abc/logo-1718000000000-a1b2c3.png')).toBe(true);
    expect(isStorageKey('email-logos/Ab_9-x/1718000000000-a1b2c3-email.png')).toBe(true);
    for (const key of TRAVERSALS) expect(isStorageKey(key), key).toBe(false);
    expect(isStorageKey(`branding/${'x'.repeat(600)}.png`)).toBe(false);
  });
});

describe('database storage', () => {
  it('stores bytes in stored_files and gives them back exactly', async ({ ctx }) => {
    expect(ctx.storage.kind).toBe('database');
    const key = 'branding/store-a/logo-1.png';
    await expectRoundTrip(ctx.storage, key);
    const [row] = await ctx.db.select({ size: storedFiles.size, contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.key, key));
    expect(row).toEqual({ size: ALL_BYTES.length, contentType: 'image/png' });
  });

  it('makes a second put of a key an upsert', async ({ ctx }) => {
    const key = 'branding/store-a/logo-2.svg';
    await ctx.storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    await ctx.storage.put(key, new TextEncoder().encode('<svg/>'), 'image/svg+xml');
    const file = await ctx.storage.get(key);
    expect(file?.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(file!.bytes)).toBe('<svg/>');
    const rows = await ctx.db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key));
    expect(rows).toEqual([{ size: 6 }]);
  });

  it('stores a slice of a larger buffer as the slice only', async ({ ctx }) => {
    const key = 'branding/store-a/logo-3.png';
    await ctx.storage.put(key, ALL_BYTES.subarray(10, 20), 'image/png');
    expect([...(await ctx.storage.get(key))!.bytes]).toEqual([...ALL_BYTES.subarray(10, 20)]);
  });

  it('refuses keys outside the pattern', ({ ctx }) => expectKeysRefused(ctx.storage));

  it('deletes a key (a customer’s erasure reaches every copy)', ({ ctx }) => expectDeleted(ctx.storage, 'review-photos/store-a/photo-1.webp'));

  it('maps keys to /media URLs and back, and no other URL to a key', ({ ctx }) => {
    const key = 'branding/store-a/logo-1.png';
    const url = ctx.storage.publicUrl(key);
    expect(url).toBe(`http://localhost:3000/media/${key}`);
    expect(ctx.storage.keyOfUrl(url)).toBe(key);
    for (const other of [
      `${url}?v=2`,
      `${url}#x`,
      `https://localhost:3000/media/${key}`,
      `http://localhost:3000/other/${key}`,
      `http://localhost:3000/media/branding/..%2f..%2fetc/passwd`,
      `http://localhost:3000/media/branding%2Fstore-a%2Flogo-1.png`,
      'http://localhost:3000/media/',
      'https://cdn.example.test/logo.png',
      'not a url',
    ]) {
      expect(ctx.storage.keyOfUrl(other), other).toBeNull();
    }
  });
});

describe('files storage', () => {
  let dir: string;
  let storage: Storage;
  it.beforeAll(({ ctx }) => {
    dir = mkdtempSync(join(tmpdir(), 'avis-uploads-'));
    storage = createStorage(testConfig({ STORAGE: 'files', DATA_DIR: dir }), ctx.db);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes DATA_DIR/uploads/{key} whole, with no temporary file left', async () => {
    expect(storage.kind).toBe('files');
    const key = 'branding/store-a/logo-1.png';
    await expectRoundTrip(storage, key);
    expect([...readFileSync(join(dir, 'uploads', 'branding', 'store-a', 'logo-1.png'))]).toEqual([...ALL_BYTES]);
    await storage.put(key, new Uint8Array([9]), 'image/png');
    expect(readdirSync(join(dir, 'uploads', 'branding', 'store-a'))).toEqual(['logo-1.png']);
    expect([...(await storage.get(key))!.bytes]).toEqual([9]);
  });

  it('gives the content type of the extension, and refuses a type the extension contradicts', async () => {
    await storage.put('branding/store-a/logo-2.svg', new TextEncoder().encode('<svg/>'), 'image/svg+xml');
    await storage.put('email-logos/user_1/1-email.jpg', new Uint8Array([1]), 'image/jpeg');
    expect((await storage.get('branding/store-a/logo-2.svg'))?.contentType).toBe('image/svg+xml');
    expect((await storage.get('email-logos/user_1/1-email.jpg'))?.contentType).toBe('image/jpeg');
    await expect(storage.put('branding/store-a/logo-3.svg', new Uint8Array([1]), 'image/png')).rejects.toThrow(/does not match/);
    await expect(storage.put('branding/store-a/logo-3.html', new Uint8Array([1]), 'text/html')).rejects.toThrow(/does not match/);
    // A folder is no file.
    expect(await storage.get('branding/store-a')).toBeNull();
    expect(await storage.exists('branding/store-a')).toBe(false);
  });

  it('refuses keys outside the pattern', () => expectKeysRefused(storage));

  it('deletes a key, its file gone', async () => {
    await expectDeleted(storage, 'review-photos/store-a/photo-1.webp');
    expect(readdirSync(join(dir, 'uploads', 'review-photos', 'store-a'))).toEqual([]);
  });

  it('serves under /media like the database storage', () => {
    expect(storage.publicUrl('branding/a/b.png')).toBe('http://localhost:3000/media/branding/a/b.png');
    expect(storage.keyOfUrl('http://localhost:3000/media/branding/a/b.png')).toBe('branding/a/b.png');
  });
});

describe('S3 storage', () => {
  let fake: FakeS3;
  let storage: Storage;
  it.beforeAll(async ({ ctx }) => {
    fake = await startFakeS3();
    storage = createStorage(s3Config(fake.url), ctx.db);
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('puts signed, path-style objects with their type and an immutable cache policy, and reads them back', async () => {
    expect(storage.kind).toBe('s3');
    const key = 'branding/store-a/logo-1.png';
    await expectRoundTrip(storage, key);
    const object = fake.objects.get(`/${S3.bucket}/${key}`);
    expect(object).toMatchObject({ contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
    expect([...object!.bytes]).toEqual([...ALL_BYTES]);
    expect(fake.requests.filter((request) => request.method === 'PUT')).toEqual([{ method: 'PUT', path: `/${S3.bucket}/${key}` }]);
  });

  it('is refused by the bucket with a wrong secret (the fake checks signatures), and says so', async ({ ctx }) => {
    const wrong = createStorage(s3Config(fake.url, 'not-the-secret'), ctx.db);
    await expect(wrong.put('branding/store-a/logo-9.png', ALL_BYTES, 'image/png')).rejects.toThrow('S3 PUT answered 403');
    await expect(wrong.exists('branding/store-a/logo-1.png')).rejects.toThrow('S3 HEAD answered 403');
    expect(fake.objects.has(`/${S3.bucket}/branding/store-a/logo-9.png`)).toBe(false);
  });

  it('deletes a signed object', async () => {
    await expectDeleted(storage, 'review-photos/store-a/photo-1.webp');
    expect(fake.objects.has(`/${S3.bucket}/review-photos/store-a/photo-1.webp`)).toBe(false);
    expect(fake.requests.filter((request) => request.method === 'DELETE').length).toBe(2);
  });

  it('refuses keys outside the pattern without asking the bucket', async () => {
    const before = fake.requests.length;
    await expectKeysRefused(storage);
    expect(fake.requests.length).toBe(before);
  });

  it('names files by the public URL (the bucket or its CDN) and maps them back', () => {
    const key = 'branding/store-a/logo-1.png';
    expect(storage.publicUrl(key)).toBe(`${S3.publicUrl}/${key}`);
    expect(storage.keyOfUrl(`${S3.publicUrl}/${key}`)).toBe(key);
    expect(storage.keyOfUrl(`${S3.publicUrl}/${key}?X-Amz-Signature=1`)).toBeNull();
    expect(storage.keyOfUrl(`http://localhost:3000/media/${key}`)).toBeNull();
    expect(storage.keyOfUrl(`${fake.url}/${S3.bucket}/${key}`)).toBeNull();
  });
});
