/** npm run db:migrate: applies pending migrations (safe to run from several processes at once). */
import { openContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, migrationStatus } from '../src/db/migrate';

const ctx = await openContext(loadConfig(process.env, 'worker'));
try {
  await migrateDatabase(ctx.dbHandle);
  console.log('Migrations:', await migrationStatus(ctx.db));
} finally {
  await ctx.dbHandle.close();
}
