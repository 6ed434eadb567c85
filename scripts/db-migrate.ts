/** npm run db:migrate: applies pending migrations (safe to run from several processes at once). */
import { openContext } from '#server/bootstrap';
import { loadConfig } from '#server/config';
import { migrateDatabase, migrationStatus } from '#db/migrate';

const ctx = await openContext(loadConfig(process.env, 'worker'));
try {
  await migrateDatabase(ctx.dbHandle);
  console.log('Migrations:', await migrationStatus(ctx.db));
} finally {
  await ctx.dbHandle.close();
}
