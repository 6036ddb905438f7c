import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, messageSpend, smsMessages, whatsappMessages } from '../../db/schema';

/**
 * Adds `costKobo` to the company's spend for `month`, only if the total stays within its cap (its own, or
 * `defaultCapKobo`): one statement, so two messages queued at once cannot both slip under the cap (the
 * second waits on the first's row lock and then sees its total). False when the cap leaves no room.
 */
export async function raiseMessageSpend(
  db: Executor,
  companyId: string,
  month: string,
  costKobo: number,
  defaultCapKobo: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO message_spend (company_id, month, spent_kobo)
    SELECT c.id, ${month}::text, ${costKobo}::bigint
      FROM companies c
     WHERE c.id = ${companyId}::uuid
       AND ${costKobo}::bigint <= coalesce(c.message_spend_cap_kobo, ${defaultCapKobo}::bigint)
    ON CONFLICT (company_id, month) DO UPDATE
       SET spent_kobo = message_spend.spent_kobo + excluded.spent_kobo, updated_at = now()
     WHERE message_spend.spent_kobo + excluded.spent_kobo <= (
       SELECT coalesce(c.message_spend_cap_kobo, ${defaultCapKobo}::bigint)
         FROM companies c
        WHERE c.id = message_spend.company_id)
    RETURNING spent_kobo`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The company's own cap (null: the platform's default); undefined when there is no such company. */
export async function findMessageSpendCap(
  db: Executor,
  companyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ capKobo: number | null } | undefined> {
  const query = db
    .select({ capKobo: companies.messageSpendCapKobo })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateMessageSpendCap(
  db: Executor,
  companyId: string,
  capKobo: number | null,
): Promise<void> {
  await db
    .update(companies)
    .set({ messageSpendCapKobo: capKobo, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** The company's spend in each of `months` that has any (YYYY-MM → kobo). */
export async function findMonthlySpend(
  db: Executor,
  companyId: string,
  months: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: messageSpend.month, spentKobo: messageSpend.spentKobo })
    .from(messageSpend)
    .where(and(eq(messageSpend.companyId, companyId), inArray(messageSpend.month, months)));
  return new Map(rows.map((r) => [r.month, r.spentKobo]));
}

export interface ChannelTotals {
  /** Messages charged: their cost and how many. */
  spentKobo: number;
  messages: number;
  /** Messages refused by the cap. */
  refused: number;
}

/** What the company's messages of one channel queued in [from, to) came to; `refusedReason` marks refusals. */
export async function channelTotals(
  db: Executor,
  channel: 'SMS' | 'WHATSAPP',
  companyId: string,
  from: Date,
  to: Date,
  refusedReason: string,
): Promise<ChannelTotals> {
  const table = channel === 'SMS' ? smsMessages : whatsappMessages;
  const refused = sql`(${table.status} = 'FAILED' AND ${table.failureReason} = ${refusedReason})`;
  const [row] = await db
    .select({
      spentKobo: sql<string>`coalesce(sum(${table.costKobo}) FILTER (WHERE NOT ${refused}), 0)`,
      messages: sql<string>`count(*) FILTER (WHERE NOT ${refused})`,
      refused: sql<string>`count(*) FILTER (WHERE ${refused})`,
    })
    .from(table)
    .where(and(eq(table.companyId, companyId), gte(table.createdAt, from), lt(table.createdAt, to)));
  return {
    spentKobo: Number(row?.spentKobo ?? 0),
    messages: Number(row?.messages ?? 0),
    refused: Number(row?.refused ?? 0),
  };
}
