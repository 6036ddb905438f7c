import path from 'node:path';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { resolveJwtSecret } from '../../lib/secret';
import { migrateDatabase, openDatabase } from '../client';
import { seedDemo } from './demo';
import { seedReferenceData } from './reference';

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  pgliteDir: path.join(env.dataDir, 'pglite'),
  poolSize: 2,
});
await migrateDatabase(database);
await seedReferenceData(database.db);
// The demo world is made through the API's own services, which need the app's context.
const { app, ctx } = await buildApp({ env, database, jwtSecret: resolveJwtSecret(env) });
const seeded = await seedDemo(ctx);
await app.close();
await database.close();
console.info(seeded ? 'Seeded the demo data.' : 'The demo data was already there.');
