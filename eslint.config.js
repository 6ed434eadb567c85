// ESLint (flat config), run by `npm run lint` and by `npm test` before the suites.
// Besides typescript-eslint and the rules of hooks, it holds the layering of the code base:
// the browser bundle never reaches server code, and src/core (shared by server and browser) depends
// on nothing but itself and a few pure packages.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A relative specifier that climbs out of src/web into these folders. src/web has no folder of
// these names, so any `../…/server` written there means src/server (or a path that does not exist).
const WEB_FORBIDDEN = {
  regex: '^((\\.\\./)+(src/)?|#)(server|db|emulator)(/|$)',
  message: 'The web app may not import server, database or emulator code: share it through src/core.',
};

// Packages that only run on the server (Node builtins, the database, SMTP, Shopify's server library,
// image processing): the browser bundle must not pull them in, whatever path leads to them.
const WEB_FORBIDDEN_PACKAGES = {
  regex:
    '^(node:|(pg|nodemailer|drizzle-orm|@electric-sql/pglite|@hono/node-server|hono|@shopify/shopify-api|aws4fetch|better-auth|file-type|mailauth|saxes|sharp|tsx|graphql)(/|$))',
  message: 'The web app may not import server-only packages (Node builtins, the database, SMTP, Shopify server code).',
};

// Packages src/core may use: it runs in the server and in the browser, so no node: builtins and
// nothing tied to one side. Its tests may also use the test tools.
const CORE_PACKAGES = ['zod', 'liquidjs'];
const CORE_TEST_PACKAGES = [...CORE_PACKAGES, 'vitest', 'fast-check'];

// src/core may import only from src/core: a file N folders below it may climb at most N-1 levels.
// no-restricted-imports matches the specifier as written, hence one block per depth (and per kind of file).
const coreBoundary = (depth, tests) => {
  const dir = `src/core/${'*/'.repeat(depth - 1)}`;
  const packages = tests ? CORE_TEST_PACKAGES : CORE_PACKAGES;
  return {
    files: tests ? [`${dir}*.test.{ts,tsx}`] : [`${dir}*.{ts,tsx}`],
    ignores: tests ? [] : [`${dir}*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth},}`,
              message: 'src/core may import only from src/core (it is shared by the server and the browser).',
            },
            {
              regex: `^(?!\\.|#core/|(${packages.join('|')})(/|$))`,
              message: `src/core may import only from src/core and these packages: ${packages.join(', ')}.`,
            },
          ],
        },
      ],
    },
  };
};
const coreBoundaries = [1, 2, 3, 4].flatMap((depth) => [coreBoundary(depth, false), coreBoundary(depth, true)]);

// The layers, checked on the files imports resolve to (whatever the specifier's spelling), as
// docs/ARCHITECTURE.md states them. A zone forbids `target` to import anything under `from`.
const LAYER_ZONES = [
  { target: './src/web', from: ['./src/server', './src/db', './emulator'], message: 'The web app never imports server, database or emulator code: share it through src/core.' },
  {
    target: './src/core',
    from: ['./src/server', './src/db', './src/web', './emulator', './tests', './bench', './scripts'],
    message: 'src/core imports only src/core: it is shared by the server and the browser.',
  },
  { target: './src/db', from: ['./src/server', './src/web', './emulator'], message: 'src/db never imports the server: command-line tools that need both live in scripts/.' },
  { target: './emulator', from: ['./src'], message: 'The local Shopify stands alone, as Shopify does: it imports nothing of the app.' },
  { target: './src/server', from: ['./src/web', './tests', './bench'], message: 'The server never imports the web app, the tests or the benches.' },
  {
    // The queue and the worker know jobs only as definitions handed to them (src/server/job-registry.ts):
    // a feature imports jobs/, never the other way, so no cycle can form.
    target: './src/server/jobs',
    from: './src/server',
    except: ['./jobs', './context.ts', './logger.ts'],
    message: 'src/server/jobs imports no feature folder: features define their jobs with defineJob, job-registry.ts lists them.',
  },
];

// The server's folders in five layers, lowest first, as docs/ARCHITECTURE.md ("Dependencies between
// server folders") states them in a table that src/architecture-layers.test.ts holds to this list.
// A folder imports folders of its own layer or of lower layers, never of a higher one (lint, below);
// within a layer the imports go one way, so no two folders depend on each other (the folder graph has
// no cycle: src/architecture-layers.test.ts). Route files (*routes.ts: the HTTP edge of a folder)
// stand above every layer: they may import any folder, and only app.ts imports them.
// src/lint-boundaries.test.ts checks that every server folder is placed here.
export const SERVER_LAYERS = [
  { name: 'foundations', folders: ['audit', 'email', 'jobs', 'media', 'messages', 'security', 'settings'] },
  { name: 'accounts and Shopify', folders: ['auth', 'http', 'recipients', 'shopify', 'stores'] },
  { name: 'features', folders: ['billing', 'branding', 'deliverability', 'email-templates', 'orders', 'plans', 'requests', 'reviews', 'storefront'] },
  { name: 'cross-cutting', folders: ['diagnostic', 'insight', 'privacy'] },
  { name: 'edges', folders: ['demo', 'dev', 'legal', 'webhooks'] },
];
const FOLDER_ZONES = SERVER_LAYERS.flatMap(({ name, folders }, index) => {
  const above = SERVER_LAYERS.slice(index + 1).flatMap((layer) => layer.folders);
  return above.length === 0
    ? []
    : folders.map((folder) => ({
        target: `./src/server/${folder}/**/!(*routes).ts`,
        from: above.map((other) => `./src/server/${other}`),
        message: `src/server/${folder} (layer « ${name} ») may import only folders of its own layer or lower ones (eslint.config.js SERVER_LAYERS, docs/ARCHITECTURE.md): move the shared part down, or the caller up.`,
      }));
});
const ROUTE_FILES_ZONE = {
  target: './src/server/*/**',
  from: './src/server/**/*routes.ts',
  message: 'Only app.ts imports route files: move what another module needs beside the service it belongs to.',
};

// Imports across areas and up more than one folder go through the package's import aliases (#core/*,
// #db/*, #server/*, #web/*, #emulator/*, #tests/*: package.json `imports`, mirrored in tsconfig's
// `paths`), so a file reads where an import comes from and moves without rewriting its neighbours.
// no-restricted-syntax sees every kind of import (static, re-export, dynamic, vi.mock).
const aliasSelectors = (pattern, message) => [
  ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({ selector: `${node}[source.value=${pattern}]`, message })),
  { selector: `CallExpression[callee.object.name='vi'][arguments.0.value=${pattern}]`, message },
];
const CLIMBS = aliasSelectors(
  '/^\\.\\.\\x2F\\.\\.\\x2F/',
  'Import from two or more folders up through its alias (#core/…, #server/…, #web/…, #db/…, #emulator/…, #tests/…), not a ../../ chain.',
);
// From a file directly inside an area (src/<area>/, bench/, scripts/, emulator/, tests/), one `../`
// already leaves the area.
const CROSSES = aliasSelectors(
  '/^\\.\\.\\x2F(core|db|server|web|src|emulator|tests|bench|scripts)(\\x2F|$)/',
  'Import from another area through its alias (#core/…, #server/…, #web/…, #db/…, #emulator/…, #tests/…).',
);

// A web test's answer for an endpoint is its contract's response, typed (`on(endpoint, body)`,
// src/web/test/endpoints.ts): an untyped JSON answer inside `on(…)` or `mockEndpoint(…)` would let a
// mock drift from its contract and still compile. Failures go through `apiError`, deliberately
// wrong bodies through `malformedResponse`.
const UNTYPED_ANSWERS = [
  {
    selector: "CallExpression[callee.name=/^(on|mockEndpoint)$/] CallExpression[callee.name='rawResponse']",
    message:
      "Answer an endpoint with its contract's response (on(endpoint, body), contractResponse(endpoint, body)), not rawResponse(): a failure is apiError(…), a deliberately wrong body malformedResponse(…).",
  },
];

export default defineConfig(
  // src/**/__fixtures__/lint holds deliberate violations that src/lint-boundaries.test.ts lints on purpose.
  // src/server/shopify/generated/: written by codegen.ts (npm run shopify:types), checked fresh by tests/shopify/admin-types.test.ts.
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', '.tmp/', 'test-results/', 'src/db/migrations/', 'src/**/__fixtures__/lint/', 'src/server/shopify/generated/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The code base's control-character regexes are deliberate: they reject NUL and control bytes
      // in untrusted input (webhook payloads, redirect targets, job data).
      'no-control-regex': 'off',
      // `_`-prefixed names are deliberately unused (placeholders, destructuring to omit a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read untyped JSON answers and reach into fixtures; their assertions check the shapes.
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'src/web/test/**', 'emulator/shopify/test-support.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser scripts the server inlines in its own pages (built by scripts/build-review-script.mjs).
    files: ['src/server/**/*.client.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [WEB_FORBIDDEN, WEB_FORBIDDEN_PACKAGES] }],
    },
  },
  {
    // On the server, merchant-written Liquid runs only in the template sandbox's processes, with
    // their heap limit and deadline (src/server/email-templates/sandbox.ts, decision 019).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/email-templates/sandbox-worker.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'core/email/review-email$',
              importNames: ['renderReviewEmail'],
              message: 'Render review e-mails through ctx.templates (the template sandbox, decision 019), never on the server thread.',
            },
          ],
        },
      ],
    },
  },
  ...coreBoundaries,
  { files: ['**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...CLIMBS] } },
  {
    files: ['src/*/*.{ts,tsx}', 'bench/*.ts', 'scripts/*.ts', 'emulator/*.ts', 'tests/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLIMBS, ...CROSSES] },
  },
  // Both entries above, plus the web tests' typed answers (each entry replaces the option list).
  { files: ['src/web/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...CLIMBS, ...UNTYPED_ANSWERS] } },
  { files: ['src/web/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...CLIMBS, ...CROSSES, ...UNTYPED_ANSWERS] } },
  {
    // Boundaries and cycles on resolved files (eslint-plugin-import-x with the TypeScript resolver).
    files: ['src/**/*.{ts,tsx}', 'emulator/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/test/**', 'emulator/shopify/test-support.ts', 'emulator/shopify/tests/**'],
    plugins: { 'import-x': importX },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...LAYER_ZONES, ...FOLDER_ZONES, ROUTE_FILES_ZONE] }],
      // A cycle between modules makes their load order matter and hides which one depends on which.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
