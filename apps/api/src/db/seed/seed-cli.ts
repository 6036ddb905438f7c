import path from 'node:path';
import { loadEnv } from '../../env';
import { migrateDatabase, openDatabase } from '../client';
import { seedDemo } from './demo';

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  pgliteDir: path.join(env.dataDir, 'pglite'),
  poolSize: 2,
});
await migrateDatabase(database);
const seeded = await seedDemo(database.db);
await database.close();
console.info(seeded ? 'Seeded the demo data.' : 'The demo data was already there.');
