/**
 * `npm run chaos`: the faults of issue 17 against the compiled server on a throwaway PostgreSQL 15, each
 * under the mixed write load (bench/mixed-write-load.ts):
 * 1. a job killed halfway runs again exactly once (interrupted-job.ts);
 * 2. PostgreSQL stopped for 10 s and started again (database-outage.ts);
 * 3. the API stopped with SIGTERM and started again (graceful-shutdown.ts).
 * Prints every figure with its target, writes them to bench/chaos-report.json, and exits 1 when any
 * target is missed. Self-contained: it needs PostgreSQL 15's binaries, not a running server.
 */
import path from 'node:path';
import { buildServer } from './api-process';
import { openChaosWorld, type ChaosWorld } from './chaos-world';
import { runDatabaseOutage } from './database-outage';
import { machine, printFigures, reported, type Figure } from './figures';
import { runGracefulShutdown } from './graceful-shutdown';
import { runInterruptedJob } from './interrupted-job';
import { CHAOS_REPORT, refreshQualityDoc, writeSideReport } from './quality-doc';

// The job run goes first: the loads leave hundreds of notifications queued, which the held mail's job
// would otherwise wait behind.
const RUNS: [string, (world: ChaosWorld) => Promise<Figure[]>][] = [
  ['job interrupted halfway', runInterruptedJob],
  ['database outage', runDatabaseOutage],
  ['SIGTERM under load', runGracefulShutdown],
];

/** `npm run chaos -- outage` runs only the faults whose name contains one of the words given. */
const only = process.argv.slice(2);
const runs = RUNS.filter(([name]) => only.length === 0 || only.some((word) => name.includes(word)));

const began = performance.now();
console.info('Building the server (npm run build)…');
buildServer();
const world = await openChaosWorld();
const figures: Figure[] = [];
let failure: unknown = null;
try {
  for (const [name, run] of runs) {
    console.info(`Fault: ${name}`);
    figures.push(...(await run(world)));
  }
} catch (error) {
  failure = error;
  console.error('The fault run stopped:', error);
} finally {
  const seconds = Math.round((performance.now() - began) / 1000);
  figures.push(reported('chaos', 'total run time', seconds, 's'));
  printFigures(figures);
  const met = writeSideReport(CHAOS_REPORT, { figures, machine: machine(), failed: failure !== null });
  console.info(
    `Wrote ${path.relative(process.cwd(), CHAOS_REPORT)}; ${met ? 'every target met' : 'TARGETS MISSED'}`,
  );
  const doc = refreshQualityDoc();
  if (doc) console.info(`Figures and targets: ${path.relative(process.cwd(), doc)}`);
  if (!met) console.info(`API log kept: ${world.logFile}`);
  await world.close(!met);
  process.exit(met ? 0 : 1);
}
