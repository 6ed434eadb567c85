// npm run shopify:schema [version...] — refreshes Shopify's published Admin GraphQL schema under
// tests/fixtures/shopify/admin-schema/ from the npm package @shopify/dev-mcp, which ships it per API
// version. The package itself depends on the whole Shopify CLI, so it is not a dependency: this
// downloads its tarball once (npm pack), takes the requested files out and records their provenance.
// Default versions: the ones already vendored.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = '@shopify/dev-mcp';
const target = new URL('../tests/fixtures/shopify/admin-schema/', import.meta.url).pathname;
const asked = process.argv.slice(2);
const vendored = readdirSync(target)
  .map((f) => /^admin_(.+)\.json\.gz$/.exec(f)?.[1])
  .filter(Boolean);
const versions = asked.length > 0 ? asked : vendored;
for (const v of versions) if (!/^\d{4}-(01|04|07|10)$/.test(v)) throw new Error(`not a quarterly API version: ${v}`);

const work = mkdtempSync(join(tmpdir(), 'shopify-schema-'));
try {
  const packed = JSON.parse(execFileSync('npm', ['pack', `${PACKAGE}@latest`, '--json', '--pack-destination', work], { encoding: 'utf8' }))[0];
  const tarball = join(work, packed.filename);
  execFileSync('tar', ['xzf', tarball, '-C', work, 'package/dist/data', 'package/package.json']);
  const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
  for (const v of versions) copyFileSync(join(work, 'package/dist/data', `admin_${v}.json.gz`), join(target, `admin_${v}.json.gz`));
  // Every vendored file, the ones kept from earlier runs included.
  const lines = readdirSync(target)
    .filter((f) => /^admin_.+\.json\.gz$/.test(f))
    .sort()
    .reverse()
    .map((f) => `| ${f.slice(6, -8)} | \`${f}\` | \`${sha256(join(target, f))}\` |`);
  const supported = JSON.parse(readFileSync(join(work, 'package/dist/data/supported-versions-schema.json'), 'utf8')).admin;
  const published = execFileSync('npm', ['view', `${PACKAGE}@${packed.version}`, 'time', '--json'], { encoding: 'utf8' });
  const when = JSON.parse(published)[packed.version] ?? 'unknown';
  writeFileSync(
    join(target, 'SOURCE.md'),
    `# Shopify's Admin GraphQL schema, as Shopify publishes it

Gzipped introspection results (\`{ data: { __schema } }\`) with Shopify's annotations: \`requiredAccess\` on
types and fields (the scopes), \`isProtected\` / \`protectedContent\` on fields (protected customer data).
Read by \`tests/shopify/admin-schema.test.ts\` and \`tests/shopify/emulator-schema.test.ts\`.

- Source: the npm package \`${PACKAGE}\` ${packed.version} (published ${when}), \`dist/data/admin_<version>.json.gz\`.
- Tarball: \`${packed.filename}\`, sha256 \`${sha256(tarball)}\`, integrity \`${packed.integrity}\`.
- Versions the package lists for the Admin API: ${supported.map((s) => `${s.name}${s.latestVersion ? ' (latest)' : ''}${s.releaseCandidate ? ' (release candidate)' : ''}`).join(', ')}.

| Version | File | sha256 |
| --- | --- | --- |
${lines.join('\n')}

A version the package lists as a release candidate is Shopify's snapshot before its release on the
first day of its quarter; refresh it once a later package exists. The app calls the latest stable
version by default, never a release candidate (\`src/server/shopify/api-versions.ts\`, checked against
this list and today's date by \`tests/shopify/api-versions.test.ts\`).

Refresh or add a version: \`npm run shopify:schema [version...]\` (downloads the package's latest tarball).
`,
  );
  console.log(`vendored ${versions.join(', ')} from ${PACKAGE}@${packed.version}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
