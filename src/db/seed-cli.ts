/** npm run db:seed: migrates, then creates the demo merchant, shop and data (idempotent). */
import { openContext } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/demo/seed-demo';
import { migrateDatabase } from './migrate';

const ctx = await openContext(loadConfig(process.env, 'worker'));
try {
  await migrateDatabase(ctx.dbHandle);
  const result = await seedDemo(ctx.db);
  console.log(result.created ? 'Demo data created: demo@avis-clients.test / demo-avis-clients' : 'Demo data already present.');
} finally {
  await ctx.dbHandle.close();
}
