/**
 * The layers and the no-cycle rule hold on resolved files (eslint.config.js, docs/ARCHITECTURE.md):
 * lint refuses a deliberate crossing of each boundary and a deliberate cycle. The fixtures sit in
 * src/**\/__fixtures__/lint, which the project's lint ignores; here they are linted on purpose.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_LAYERS } from '../eslint.config.js';

const eslint = new ESLint({ ignore: false, cache: false });

async function rulesBroken(file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([file]);
  return [...new Set(result!.messages.map((m) => m.ruleId ?? m.message))].sort();
}

describe('lint on resolved files', { timeout: 120_000 }, () => {
  it('refuses a cycle between two server modules', async () => {
    expect(await rulesBroken('src/server/__fixtures__/lint/cycle-a.ts')).toContain('import-x/no-cycle');
    expect(await rulesBroken('src/server/__fixtures__/lint/cycle-b.ts')).toContain('import-x/no-cycle');
  });

  it('refuses the web app importing server code, core importing the database, the database importing the server', async () => {
    expect(await rulesBroken('src/web/__fixtures__/lint/imports-server.ts')).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/core/__fixtures__/lint/imports-db.ts')).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/db/__fixtures__/lint/imports-server.ts')).toContain('import-x/no-restricted-paths');
  });

  it('resolves the import aliases: the web app importing server code through #server/ is refused too', async () => {
    expect(await rulesBroken('src/web/__fixtures__/lint/imports-server-alias.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses the queue importing a feature (features define their jobs; job-registry.ts lists them)', async () => {
    expect(await rulesBroken('src/server/jobs/__fixtures__/lint/imports-feature.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses a server folder importing a higher layer, and a module importing a route file', async () => {
    expect(await rulesBroken('src/server/stores/__fixtures__/lint/imports-higher-layer.ts')).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/server/plans/__fixtures__/lint/imports-route-file.ts')).toContain('import-x/no-restricted-paths');
  });

  it('gives every server folder below the top layer its zone, so none escapes the directions', async () => {
    // Which folders there are and that each is in one layer: src/architecture-layers.test.ts.
    const belowTop = SERVER_LAYERS.slice(0, -1).flatMap((layer) => layer.folders);
    const unguarded: string[] = [];
    for (const folder of belowTop) {
      const config = await eslint.calculateConfigForFile(`src/server/${folder}/module.ts`);
      const [, { zones }] = config.rules['import-x/no-restricted-paths'] as [unknown, { zones: { target: string }[] }];
      if (!zones.some((zone) => zone.target.startsWith(`./src/server/${folder}/`))) unguarded.push(folder);
    }
    expect(belowTop.length).toBeGreaterThan(20);
    expect(unguarded).toEqual([]);
  });

  it('asks for the alias instead of a ../../ chain', async () => {
    expect(await rulesBroken('src/server/__fixtures__/lint/relative-chain.ts')).toEqual(['no-restricted-syntax']);
  });

  it('refuses the web app importing a server-only package', async () => {
    expect(await rulesBroken('src/web/__fixtures__/lint/imports-node-package.ts')).toContain('no-restricted-imports');
  });

  it("refuses a web test answering an endpoint with an untyped JSON body instead of its contract's response", async () => {
    const [result] = await eslint.lintFiles(['src/web/__fixtures__/lint/untyped-answer.ts']);
    const refusals = result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes("contract's response"));
    expect(refusals.map((m) => m.line)).toEqual([7, 8]);
  });

  it('accepts the code base as it is (the same rules find nothing in a real module)', async () => {
    expect(await rulesBroken('src/server/app.ts')).toEqual([]);
  });
});
