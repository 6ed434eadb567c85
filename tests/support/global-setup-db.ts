/**
 * Prepares a migrated database once per run so each test gets a fresh one cheaply:
 * - PGlite: migrate in memory, dump the data dir to a tarball (~0.4 s to load per test);
 * - PostgreSQL: migrate a template database; each test copies it with CREATE DATABASE … TEMPLATE.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import { adminUrl, databaseUrlFor } from './pg-urls';

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? process.env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: { dumpDataDir(c?: string): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const dir = resolve('.tmp');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `pglite-snapshot-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    return;
  }

  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_KIND=postgres needs DATABASE_URL');
  const template = `avis_tmpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrlFor(baseUrl, template), poolMax: 2 });
  await migrateDatabase(handle);
  await handle.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}
