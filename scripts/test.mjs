// npm test: the whole suite in one vitest run — unit, integration on PGlite (and on PostgreSQL when
// DATABASE_URL is set), and browser end-to-end tests in Chromium — then one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const resultsFile = '.tmp/vitest-results.json';
rmSync(resultsFile, { force: true });

const databases = process.env.DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite (set DATABASE_URL to add PostgreSQL)';
console.log(`Running unit, integration (${databases}) and end-to-end tests…`);

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);

if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const byProject = new Map();
  for (const file of results.testResults ?? []) {
    // Integration files run once per engine; their tests carry it (tests/support/tag-engine.ts).
    const engine = (file.assertionResults ?? []).find((t) => t.meta?.engine)?.meta.engine;
    const integration = file.name.endsWith('.int.test.ts') || file.name.includes('/tests/integration/');
    for (const test of file.assertionResults ?? []) {
      const project = file.name.includes('/tests/e2e/') ? 'e2e' : integration ? `integration (${engine ?? 'engine unknown'})` : 'unit';
      const counts = byProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
      if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed') counts.failed++;
      else counts.skipped++;
      byProject.set(project, counts);
    }
  }
  console.log('\nSummary');
  for (const [project, c] of byProject) console.log(`  ${project.padEnd(25)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  const totals = [...byProject.values()].reduce((a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }), { passed: 0, failed: 0, skipped: 0 });
  const passed = totals.passed;
  // A run that failed without a failing test (an error outside tests) still counts as a failure.
  const failed = totals.failed + (run.status !== 0 && totals.failed === 0 ? 1 : 0);
  const skipped = totals.skipped;
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
}
process.exit(run.status ?? 1);
