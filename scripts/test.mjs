// npm test: lint (ESLint and Prettier, `npm run lint`) and the type check (`npm run typecheck`), then the whole suite in one vitest run — unit,
// web (jsdom), integration on PGlite (and on PostgreSQL when DATABASE_URL is set), and browser
// end-to-end tests in Chromium — then one summary line. A lint failure fails the run, but the suites
// still run so one pass reports everything. `--no-lint` skips the lint (e.g. when running one file).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const resultsFile = '.tmp/vitest-results.json';
rmSync(resultsFile, { force: true });

const args = process.argv.slice(2);
const skipLint = args.includes('--no-lint');
const vitestArgs = args.filter((a) => a !== '--no-lint');

// Both linters and the type check run, so one pass lists every problem; `npm run lint` is the
// linters' pair (vitest strips types without checking them: only tsc catches a type error).
const lintFailures = [];
let lintSeconds = null;
if (!skipLint) {
  const lintStart = Date.now();
  console.log('Linting (ESLint, Prettier, then TypeScript)…');
  for (const [name, script] of Object.entries({ ESLint: 'lint:eslint', Prettier: 'lint:prettier', TypeScript: 'typecheck' })) {
    if (spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' }).status !== 0) lintFailures.push(name);
  }
  lintSeconds = Math.round((Date.now() - lintStart) / 1000);
}
const lint = skipLint ? 'skipped' : lintFailures.length > 0 ? `failed (${lintFailures.join(', ')})` : 'passed';

const databases = process.env.DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite (set DATABASE_URL to add PostgreSQL)';
console.log(`Running unit, web, integration (${databases}) and end-to-end tests…`);

const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...vitestArgs], { stdio: 'inherit' });

// The vitest project of a non-integration test file (vitest.config.ts), from its path.
const projectOf = (path) => (path.includes('/tests/e2e/') ? 'e2e' : path.includes('/src/web/') ? 'web' : 'unit');

if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const byProject = new Map();
  for (const file of results.testResults ?? []) {
    // Integration files run once per engine; their tests carry it (tests/support/tag-engine.ts).
    const engine = (file.assertionResults ?? []).find((t) => t.meta?.engine)?.meta.engine;
    const integration = file.name.endsWith('.int.test.ts') || file.name.includes('/tests/integration/');
    const project = integration ? `integration (${engine ?? 'engine unknown'})` : projectOf(file.name);
    for (const test of file.assertionResults ?? []) {
      const counts = byProject.get(project) ?? { passed: 0, failed: 0, skipped: 0, start: Infinity, end: 0 };
      if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed') counts.failed++;
      else counts.skipped++;
      byProject.set(project, counts);
    }
    // A project's time: from its first file's start to its last file's end (the projects overlap).
    const counts = byProject.get(project);
    if (counts && file.startTime && file.endTime) {
      counts.start = Math.min(counts.start, file.startTime);
      counts.end = Math.max(counts.end, file.endTime);
    }
  }
  const duration = (c) => (c.end > c.start ? `, ${Math.round((c.end - c.start) / 1000)} s` : '');
  console.log('\nSummary');
  console.log(`  ${'lint'.padEnd(25)} ${lint}${lintSeconds === null ? '' : `, ${lintSeconds} s`}`);
  for (const [project, c] of byProject) console.log(`  ${project.padEnd(25)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${duration(c)}`);
  const none = { passed: 0, failed: 0, skipped: 0 };
  const totals = [...byProject.values()].reduce((a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }), none);
  const passed = totals.passed;
  // A run that failed without a failing test (an error outside tests) still counts as a failure.
  // So does a failed lint.
  const failed = totals.failed + (run.status !== 0 && totals.failed === 0 ? 1 : 0) + (lintFailures.length > 0 ? 1 : 0);
  const skipped = totals.skipped;
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
}
if (lintFailures.length > 0) console.log(`Lint failed (${lintFailures.join(', ')}): see above; \`npm run format\` fixes the formatting.`);
process.exit(lintFailures.length > 0 ? 1 : (run.status ?? 1));
