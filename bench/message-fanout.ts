/**
 * One business event told to a thousand people by SMS and WhatsApp (issue 32): how long the fan-out takes
 * to queue every message, and how fast the queued messages then go out through the local Termii and
 * WhatsApp Cloud API simulators (real HTTP on loopback, the same code a real provider is called with).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../apps/api/src/context';
import type { Database } from '../apps/api/src/db/client';
import { fanOut } from '../apps/api/src/modules/notification/notification-fanout.job';
import { issueNotification } from '../apps/api/src/modules/trip/trip-notifications';
import { atLeast, atMost, reported, type Figure } from './figures';

export const SCENARIO = 'message-fanout';
export const RECIPIENTS = 1000;
export const QUEUED_TARGET_MS = 1000;
export const SENT_TARGET_PER_SECOND = 200;
/** Long enough for a slow run to be measured rather than abandoned; far beyond the target's 10 s. */
const GIVE_UP_MS = 120_000;
const FANOUT_COMPANY = 'Bench Fan-out Receivers Ltd';

export interface MessageFanoutResult {
  recipients: number;
  messages: { sms: number; whatsapp: number };
  /** The fan-out of the one event: every notification, delivery and message job written and committed. */
  queuedMs: number;
  /** From the fan-out's commit until the providers had taken every message. */
  sentMs: number;
  sentPerSecond: number;
  /** Messages the providers had not taken when the run gave up, or that failed. */
  notSent: number;
  target: { queuedMs: number; sentPerSecond: number };
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A customer company of `RECIPIENTS` people, each with a verified phone, taking ISSUE_OPENED by SMS and
 * WhatsApp and not by e-mail (so the run measures the two phone channels alone). Made once; a second run
 * on the same database reuses it.
 */
async function seedReceivers(database: Database): Promise<string> {
  const { db } = database;
  const existing = await rows<{ id: string }>(
    database,
    sql`SELECT id FROM companies WHERE name = ${FANOUT_COMPANY}`,
  );
  if (existing[0]) return existing[0].id;
  const [company] = await rows<{ id: string }>(
    database,
    sql`INSERT INTO companies (name, type, verification_status, verified_at, message_spend_cap_kobo)
        VALUES (${FANOUT_COMPANY}, 'CUSTOMER', 'VERIFIED', now(), 1000000000000) RETURNING id`,
  );
  const companyId = company!.id;
  await db.execute(sql`
    INSERT INTO users (company_id, email, phone_number, first_name, last_name, password_hash, user_type,
                       activated_at, phone_verified_at, language)
    SELECT ${companyId}, 'fanout-' || n || '@bench.freightlane.test', '+23490' || lpad(n::text, 8, '0'),
           'Receiver', 'No ' || n, 'not-a-password-hash', 'CUSTOMER', now(), now(),
           (ARRAY['en-NG', 'pcm', 'ha', 'yo', 'ig'])[1 + n % 5]
    FROM generate_series(1, ${RECIPIENTS}) AS n`);
  await db.execute(sql`
    INSERT INTO notification_preferences (user_id, kind, channel, enabled)
    SELECT u.id, 'ISSUE_OPENED', c.channel, c.enabled
    FROM users u
    CROSS JOIN (VALUES ('SMS', true), ('WHATSAPP', true), ('EMAIL', false)) AS c(channel, enabled)
    WHERE u.company_id = ${companyId}`);
  return companyId;
}

async function countTaken(
  database: Database,
  key: string,
): Promise<{ sms: number; whatsapp: number; failed: number }> {
  const [counts] = await rows<{ sms: string; whatsapp: string; failed: string }>(
    database,
    sql`
      WITH mine AS (
        SELECT d.sms_message_id, d.whatsapp_message_id
        FROM notifications n JOIN notification_deliveries d ON d.notification_id = n.id
        WHERE n.source_key = ${key}
      )
      SELECT
        (SELECT count(*) FROM sms_messages s JOIN mine ON s.id = mine.sms_message_id
          WHERE s.status IN ('SENT', 'DELIVERED')) AS sms,
        (SELECT count(*) FROM whatsapp_messages w JOIN mine ON w.id = mine.whatsapp_message_id
          WHERE w.status IN ('SENT', 'DELIVERED', 'READ')) AS whatsapp,
        (SELECT count(*) FROM sms_messages s JOIN mine ON s.id = mine.sms_message_id WHERE s.status = 'FAILED')
        + (SELECT count(*) FROM whatsapp_messages w JOIN mine ON w.id = mine.whatsapp_message_id
            WHERE w.status = 'FAILED') AS failed`,
  );
  return { sms: Number(counts!.sms), whatsapp: Number(counts!.whatsapp), failed: Number(counts!.failed) };
}

export async function runMessageFanout(database: Database, ctx: AppContext): Promise<MessageFanoutResult> {
  const companyId = await seedReceivers(database);
  // The bench app runs no job worker of its own: what the seed queued runs first, unmeasured.
  await ctx.jobs.drain();
  const key = `bench-fanout:${Date.now()}`;
  const queuedAt = performance.now();
  // A breakdown on a trip of the receivers' company, told to all of them as the issue service tells it.
  const event = issueNotification(
    {
      id: '00000000-0000-4000-8000-000000000001',
      tripNumber: 'TRP-2026-000001',
      customerCompanyId: companyId,
      transporterCompanyId: companyId,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      type: 'BREAKDOWN',
      description: 'Breakdown reported near Ore, Ondo. The transporter is on it.',
    },
    'opened',
    null,
  );
  const told = await fanOut(ctx, { ...event, to: { companyIds: [companyId] }, key });
  const queuedMs = performance.now() - queuedAt;
  if (told !== RECIPIENTS) throw new Error(`The fan-out told ${told} people, not ${RECIPIENTS}`);
  const expected = 2 * RECIPIENTS;
  // The worker as the server runs it: deliveries hand each message to its channel, whose jobs send it.
  const working = ctx.jobs.drain();
  let taken = { sms: 0, whatsapp: 0, failed: 0 };
  while (performance.now() - queuedAt < GIVE_UP_MS) {
    taken = await countTaken(database, key);
    if (taken.sms + taken.whatsapp + taken.failed >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const sentMs = performance.now() - queuedAt - queuedMs;
  await working;
  const sent = taken.sms + taken.whatsapp;
  return {
    recipients: RECIPIENTS,
    messages: { sms: taken.sms, whatsapp: taken.whatsapp },
    queuedMs: Math.round(queuedMs),
    sentMs: Math.round(sentMs),
    sentPerSecond: Math.round(sent / (sentMs / 1000)),
    notSent: expected - sent,
    target: { queuedMs: QUEUED_TARGET_MS, sentPerSecond: SENT_TARGET_PER_SECOND },
  };
}

export function messageFanoutFigures(r: MessageFanoutResult): Figure[] {
  return [
    atMost(SCENARIO, `fan-out to ${r.recipients} people queued`, r.queuedMs, 'ms', QUEUED_TARGET_MS),
    atLeast(
      SCENARIO,
      'messages taken by the providers',
      r.sentPerSecond,
      'msg/s',
      SENT_TARGET_PER_SECOND,
      `${r.messages.sms} SMS and ${r.messages.whatsapp} WhatsApp in ${(r.sentMs / 1000).toFixed(1)} s`,
    ),
    atMost(SCENARIO, 'messages not sent', r.notSent, '', 0),
    reported(SCENARIO, 'time until every message was sent', r.sentMs, 'ms'),
  ];
}
