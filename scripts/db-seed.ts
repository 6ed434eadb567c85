/** npm run db:seed: migrates, then creates the demo merchant, shop and data (idempotent; demo mode only). */
import { openContext } from '#server/bootstrap';
import { loadConfig } from '#server/config';
import { seedDemo } from '#server/demo/seed-demo';
import { migrateDatabase } from '#db/migrate';

const config = loadConfig(process.env, 'worker');
// The demo account's password is published and its customers are made up: never in a real
// database. As at start, only in demo mode (DEMO_MODE, on outside production by default).
if (!config.demoMode) {
  console.error('Demo mode is off (DEMO_MODE, off in production by default): no demo data created.');
  process.exit(1);
}
const ctx = await openContext(config);
try {
  await migrateDatabase(ctx.dbHandle);
  const result = await seedDemo(ctx.db);
  console.log(result.created ? 'Demo data created: demo@avis-clients.test / demo-avis-clients' : 'Demo data already present.');
} finally {
  await ctx.dbHandle.close();
}
