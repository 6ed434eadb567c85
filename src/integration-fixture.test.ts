/**
 * Integration tests set up once: a file that needs a test context takes it from the fixture in
 * tests/support/integration.ts (`integrationTest`), not from its own `createTestContext`. A file that
 * calls it itself is listed here, with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Files that need more than one context, or one per test: the fixture would hide what they set up. */
const EXEMPT: Record<string, string> = {
  'src/server/jobs/connection-loss.int.test.ts': 'a context per test: each test breaks its own database connection',
  'src/server/jobs/queue.int.test.ts': 'a context per test: each test starts from an empty job queue',
  'src/server/jobs/two-processes.int.test.ts': 'a context per test: two workers share one database and each test needs it fresh',
  'src/server/requests/sender-batches.int.test.ts': 'a second context with a small batch size, in its own describe',
  'src/server/auth/auth.int.test.ts': 'a second context with TRUST_PROXY false, next to the trusted one',
  'src/server/app.int.test.ts': 'a second, fresh context in one describe, and the app on a built web folder',
  'src/server/shopify/faults.int.test.ts': 'the app runs on a context derived from the test context (a fault-injecting Shopify)',
  'src/server/deliverability/smtp-signing.int.test.ts': 'a second context on a real SMTP transport, closed with its server after the file',
  'src/server/deliverability/deliverability.int.test.ts': 'the file closes a DNS fake with the context after the file',
  'src/server/email/mailer.int.test.ts': 'the file closes an SMTP server with the context after the file',
  'src/server/requests/sender-smtp-faults.int.test.ts': 'an SMTP fault server is reset after each test and closed with the context',
  'src/server/reviews/review-photos.int.test.ts': 'a context per storage (the database, files, a fake S3 bucket closed with it)',
};

function integrationFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name).split('\\').join('/'))
    .filter((path) => (dir === 'src' ? path.endsWith('.int.test.ts') : path.endsWith('.test.ts')));
}

const FILES = [...integrationFiles('src'), ...integrationFiles('tests/integration')].sort();
const callsCreateTestContext = (path: string) => /\bcreateTestContext\(/.test(readFileSync(join(ROOT, path), 'utf8'));
const listed = (path: string) => path in EXEMPT;

describe('the integration test set-up', () => {
  it('finds the integration files', () => {
    expect(FILES.length).toBeGreaterThan(50);
  });

  it('takes the test context from the fixture, outside the listed files', () => {
    expect(FILES.filter((path) => callsCreateTestContext(path) && !listed(path))).toEqual([]);
  });

  it('lists only files that still make their own context', () => {
    const stale = Object.keys(EXEMPT).filter((path) => !FILES.includes(path) || !callsCreateTestContext(path));
    expect(stale).toEqual([]);
  });

  it('gives every exemption a reason', () => {
    expect(Object.entries(EXEMPT).filter(([, reason]) => reason.trim().length < 10)).toEqual([]);
  });
});
