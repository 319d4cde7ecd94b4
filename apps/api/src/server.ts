import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_PASSWORD, seedDatabase } from './db/seed.js';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: join(config.dataDir, 'pglite'),
  poolSize: config.DATABASE_POOL_SIZE,
});
const seeded = await seedDatabase(database.db, { demo: config.SEED_DEMO });
const app = await buildApp({ config, database });

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.PORT, host: config.HOST });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nAMP is running at ${config.PUBLIC_URL} (database: ${database.kind}; ready in ${seconds} s)`);
if (seeded.demoAccounts.length > 0) {
  console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
  for (const email of seeded.demoAccounts) console.log(`  ${email}`);
}
