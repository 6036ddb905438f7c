import path from 'node:path';
import { loadEnv } from '../env';
import { migrateDatabase, openDatabase } from './client';

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  pgliteDir: path.join(env.dataDir, 'pglite'),
  poolSize: 2,
});
await migrateDatabase(database);
await database.close();
console.info(`Migrated the ${database.kind} database.`);
