import {
  lagosMonth,
  lagosToday,
  MESSAGE_SPEND_CAP_REACHED,
  type MessageSpend,
  type UpdateMessageSpendCapRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { audit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import {
  channelTotals,
  findMessageSpendCap,
  findMonthlySpend,
  raiseMessageSpend,
  updateMessageSpendCap,
} from './message-spend.repository';

// A company's monthly SMS and WhatsApp spend (docs/sms.md, "Spend cap"): each paid message is charged to
// its company's counter for the Lagos month as it is queued, and refused once the cap leaves no room.

/** The Lagos calendar month holding `at`, as YYYY-MM. */
export function spendMonth(at: Date): string {
  return lagosToday(at).slice(0, 7);
}

/** The month `count` months before YYYY-MM `month` (YYYY-MM). */
function monthsBefore(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Charges a message to its company's spend for this month, in the caller's transaction (so a message
 * that is not written is not charged). True when it may go: the platform's own messages (no company) and
 * free ones always may; a paid one only while the month's total stays within the company's cap.
 */
export async function chargeMessage(
  ctx: AppContext,
  executor: Executor,
  companyId: string | null,
  costKobo: number,
  at: Date = new Date(),
): Promise<boolean> {
  if (companyId === null || costKobo <= 0) return true;
  return raiseMessageSpend(executor, companyId, spendMonth(at), costKobo, ctx.env.MESSAGE_SPEND_CAP_KOBO);
}

/** The cheapest paid message the platform sends now; null when every message is free. */
function cheapestMessageKobo(ctx: AppContext): number | null {
  const prices = [ctx.sms.settings.priceKobo, ctx.whatsapp.settings.priceKobo].filter((p) => p > 0);
  return prices.length > 0 ? Math.min(...prices) : null;
}

async function spendOf(ctx: AppContext, companyId: string, now: Date): Promise<MessageSpend> {
  const cap = await findMessageSpendCap(ctx.db, companyId);
  if (!cap) throw notFound('Company');
  const month = spendMonth(now);
  const history = Array.from({ length: 6 }, (_, i) => monthsBefore(month, 6 - i));
  const spent = await findMonthlySpend(ctx.db, companyId, [month, ...history]);
  const { from, to } = lagosMonth(now);
  const sms = await channelTotals(ctx.db, 'SMS', companyId, from, to, MESSAGE_SPEND_CAP_REACHED);
  const whatsapp = await channelTotals(ctx.db, 'WHATSAPP', companyId, from, to, MESSAGE_SPEND_CAP_REACHED);
  const capKobo = cap.capKobo ?? ctx.env.MESSAGE_SPEND_CAP_KOBO;
  const spentKobo = spent.get(month) ?? 0;
  const cheapest = cheapestMessageKobo(ctx);
  return {
    month,
    spentKobo,
    capKobo,
    capIsDefault: cap.capKobo === null,
    capReached: cheapest !== null && spentKobo + cheapest > capKobo,
    resetsOn: lagosToday(to),
    channels: [
      { channel: 'SMS', spentKobo: sms.spentKobo, messages: sms.messages },
      { channel: 'WHATSAPP', spentKobo: whatsapp.spentKobo, messages: whatsapp.messages },
    ],
    refusedMessages: sms.refused + whatsapp.refused,
    history: history.map((m) => ({ month: m, spentKobo: spent.get(m) ?? 0 })),
  };
}

/** The caller's own company's spend this month; its owner account reads it (the route names the roles). */
export async function getCompanyMessageSpend(ctx: AppContext, principal: Principal): Promise<MessageSpend> {
  return spendOf(ctx, principal.companyId, new Date());
}

/** Any company's spend, for the back office. */
export async function getMessageSpendForAdmin(ctx: AppContext, companyId: string): Promise<MessageSpend> {
  return spendOf(ctx, companyId, new Date());
}

/**
 * The back office sets a company's cap (0 stops every paid message; null goes back to the platform's
 * default). It applies to messages queued from now on; what was spent this month stays spent.
 */
export async function setMessageSpendCap(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
  input: UpdateMessageSpendCapRequest,
  ip: string,
): Promise<MessageSpend> {
  await ctx.db.transaction(async (tx) => {
    const current = await findMessageSpendCap(tx, companyId, { forUpdate: true });
    if (!current) throw notFound('Company');
    await updateMessageSpendCap(tx, companyId, input.capKobo);
    await audit(
      tx,
      { userId: principal.userId, companyId },
      { ip },
      {
        action: 'company.message_spend_cap_updated',
        entityType: 'company',
        entityId: companyId,
        data: { before: { capKobo: current.capKobo }, after: { capKobo: input.capKobo } },
      },
    );
  });
  return spendOf(ctx, companyId, new Date());
}
