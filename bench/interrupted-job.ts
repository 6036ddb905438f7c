/**
 * Fault 3: a background job interrupted halfway runs again exactly once. A password reset mail is held
 * by the SMTP server in the middle of its DATA, so its job is under way on instance A. A second instance
 * B runs beside it for three leases: it must not take the job, whose lease A keeps renewing. Then A is
 * killed (SIGKILL: nothing is cleaned up) and started again; one of the two takes the job once its lease
 * ran out, and exactly one copy of the mail arrives.
 */
import { sql } from 'drizzle-orm';
import { MAIL_JOB } from '../apps/api/src/plugins/mail';
import { atLeast, atMost, reported, type Figure } from './figures';
import { freePort } from '../apps/api/src/test/free-port';
import { HELD_MAIL, JOB_LEASE_SECONDS, rows, type ChaosWorld } from './chaos-world';
import { sleep } from './chaos-figures';

export const SCENARIO = 'chaos: job interrupted halfway';
const STALL_WAIT_MS = 60_000;
/** Time for the job to be taken again after the lease ran out, beyond the lease itself. */
const RETAKE_SLACK_MS = 10_000;

/** The longest wait for the queue to run what the loads before left in it. */
const QUEUE_DRAIN_MS = 120_000;

async function dueJobs(world: ChaosWorld): Promise<number> {
  const [row] = await rows<{ n: number }>(
    world.database,
    sql`SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()`,
  );
  return row?.n ?? 0;
}

interface MailJobRow {
  id: number;
  attempts: number;
  done: boolean;
}

export async function runInterruptedJob(world: ChaosWorld): Promise<Figure[]> {
  const { database, origin, smtp } = world;
  const leaseMs = JOB_LEASE_SECONDS * 1000;
  const mailJob = async () => {
    const [row] = await rows<MailJobRow>(
      database,
      sql`SELECT id, attempts, done_at IS NOT NULL AS done FROM jobs
          WHERE kind = ${MAIL_JOB} AND payload->>'to' = ${HELD_MAIL.to} AND payload->>'subject' = ${HELD_MAIL.subject}
          ORDER BY id DESC LIMIT 1`,
    );
    return row;
  };

  // The held mail's job is one of many: the loads before left notifications queued. It is asked for once
  // they ran, so the wait below is for this job alone.
  const queueBegan = performance.now();
  while (performance.now() - queueBegan < QUEUE_DRAIN_MS && (await dueJobs(world)) > 0) await sleep(250);
  const stillDue = await dueJobs(world);
  const asked = await fetch(`${origin}/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: HELD_MAIL.to }),
  });
  if (asked.status !== 200) throw new Error(`Asking for a password reset answered ${asked.status}`);
  const held = await Promise.race([smtp.stalled.then(() => true), sleep(STALL_WAIT_MS).then(() => false)]);
  if (!held) {
    console.info(`  ${stillDue} jobs were waiting when the mail was asked for`);
    console.info(
      `  the held mail never came; ${smtp.others.length} other mails did: ${smtp.others.slice(-5).join(' | ')}`,
    );
    return [atLeast(SCENARIO, 'mail job reached the SMTP server', 0, '', 1)];
  }

  // A second instance beside A for three leases: a renewed lease keeps the job A's.
  const second = await world.startApi(await freePort());
  await sleep(3 * leaseMs);
  const takenWhileRenewed = smtp.accepted.length;
  const beforeKill = await mailJob();

  const a = world.api;
  a.kill('SIGKILL');
  const killedAt = (await a.exited).at;
  world.api = await world.startApi();
  const deadline = killedAt + leaseMs + RETAKE_SLACK_MS;
  while (smtp.accepted.length === 0 && performance.now() < deadline) await sleep(100);
  const deliveredAfter = smtp.accepted[0] === undefined ? null : smtp.accepted[0] - killedAt;
  // Long enough for a second copy, were the job to run twice: two more leases.
  await sleep(2 * leaseMs);
  const afterwards = await mailJob();
  second.kill('SIGTERM');
  await second.exited;
  console.info(
    `  held mail: attempts ${beforeKill?.attempts} before the kill, ${afterwards?.attempts} after; ${smtp.accepted.length} copies delivered`,
  );

  return [
    reported(SCENARIO, 'jobs left waiting when the mail was asked for', stillDue, ''),
    atLeast(
      SCENARIO,
      'mail job under way (held halfway) when killed',
      beforeKill && !beforeKill.done ? 1 : 0,
      '',
      1,
    ),
    atMost(SCENARIO, 'copies sent while the running job renewed its lease', takenWhileRenewed, '', 0),
    atLeast(SCENARIO, 'copies of the interrupted mail delivered', smtp.accepted.length, '', 1),
    atMost(SCENARIO, 'duplicate copies delivered', Math.max(0, smtp.accepted.length - 1), '', 0),
    atMost(
      SCENARIO,
      'delivered after the kill',
      deliveredAfter === null ? null : Math.round(deliveredAfter),
      'ms',
      leaseMs + RETAKE_SLACK_MS,
    ),
    reported(SCENARIO, 'tries of the job in all', afterwards?.attempts ?? null, ''),
    atLeast(SCENARIO, 'job marked done', afterwards?.done ? 1 : 0, '', 1),
  ];
}
