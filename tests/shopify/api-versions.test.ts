// The Admin API version the app calls by default must be one Shopify calls stable: listed as stable in
// Shopify's published version list (as vendored, SOURCE.md), released (a version is a release candidate
// until the first day of its quarter), still supported, and with its published schema vendored so the
// app's documents are checked against it (admin-schema.test.ts). Decision 020.
import { existsSync, readFileSync } from 'node:fs';
import { ApiVersion } from '@shopify/shopify-api';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { DEFAULT_API_VERSION, STABLE_API_VERSIONS, releaseDate, versionStatus } from '#server/shopify/api-versions';

const FIXTURES = new URL('../fixtures/shopify/admin-schema/', import.meta.url);
const source = readFileSync(new URL('SOURCE.md', FIXTURES), 'utf8');

/** "Versions the package lists for the Admin API: unstable, 2026-10 (release candidate), 2026-07 (latest), …" */
function publishedList(): { version: string; note: string | null }[] {
  const line = /^- Versions the package lists for the Admin API: (.+)\.$/m.exec(source);
  expect(line, 'SOURCE.md names the versions Shopify lists').not.toBeNull();
  return line![1]!.split(/,\s*/).map((entry) => {
    const m = /^(\S+)(?: \(([^)]+)\))?$/.exec(entry.trim())!;
    return { version: m[1]!, note: m[2] ?? null };
  });
}

describe('the quarterly release rule', () => {
  it('releases a version on the first day of its quarter, supports it for 12 months', () => {
    expect(releaseDate('2026-07')).toEqual(new Date('2026-07-01T00:00:00Z'));
    expect(releaseDate('2026-05')).toBeNull();
    expect(releaseDate('unstable')).toBeNull();
    expect(versionStatus('2026-10', new Date('2026-09-30T23:59:59Z'))).toBe('release_candidate');
    expect(versionStatus('2026-10', new Date('2026-10-01T00:00:00Z'))).toBe('stable');
    expect(versionStatus('2026-07', new Date('2027-06-30T23:59:59Z'))).toBe('stable');
    expect(versionStatus('2026-07', new Date('2027-07-01T00:00:00Z'))).toBe('unsupported');
    expect(versionStatus('2026-7', new Date())).toBe('invalid');
  });
});

describe('the default Admin API version', () => {
  it('is the configuration default', () => {
    expect(loadConfig({}).shopify.apiVersion).toBe(DEFAULT_API_VERSION);
  });

  it('is stable today: released, and still supported', () => {
    const status = versionStatus(DEFAULT_API_VERSION, new Date());
    expect(status, `${DEFAULT_API_VERSION} is ${status} today: make DEFAULT_API_VERSION the latest stable version (src/server/shopify/api-versions.ts, docs/deployment.md)`).toBe(
      'stable',
    );
  });

  it("is stable in Shopify's published list, which names no listed stable version a release candidate", () => {
    const published = publishedList();
    const candidates = published.filter((v) => v.note === 'release candidate').map((v) => v.version);
    expect(candidates.length).toBeGreaterThan(0);
    expect(published.map((v) => v.version)).toContain(DEFAULT_API_VERSION);
    expect(candidates).not.toContain(DEFAULT_API_VERSION);
    for (const version of STABLE_API_VERSIONS) {
      expect(candidates, `${version} is a release candidate in SOURCE.md`).not.toContain(version);
      expect(
        published.map((v) => v.version),
        `${version} is in Shopify's published list`,
      ).toContain(version);
      // Listed before its release day, a version is a release candidate, whatever a list says.
      expect(versionStatus(version, new Date()), version).not.toBe('release_candidate');
    }
    expect(STABLE_API_VERSIONS).toContain(DEFAULT_API_VERSION);
    expect([...STABLE_API_VERSIONS].sort()).toEqual([...STABLE_API_VERSIONS]);
  });

  it('is the latest stable version, with its published schema vendored', () => {
    expect(STABLE_API_VERSIONS.at(-1)).toBe(DEFAULT_API_VERSION);
    expect(existsSync(new URL(`admin_${DEFAULT_API_VERSION}.json.gz`, FIXTURES))).toBe(true);
    expect(source).toContain(`| ${DEFAULT_API_VERSION} | \`admin_${DEFAULT_API_VERSION}.json.gz\` |`);
  });

  it('is one @shopify/shopify-api knows, as is every version the app may call', () => {
    // The facade hands the configured string to the library as its ApiVersion: a library older than
    // the version (13 knew none after 2026-04) would build its clients for a version it does not list.
    for (const version of STABLE_API_VERSIONS) expect(Object.values(ApiVersion), version).toContain(version);
  });
});
