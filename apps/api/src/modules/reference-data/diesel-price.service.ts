import { lagosToday, type DieselPriceEntry, type RecordDieselPriceRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { assertAdmin } from './reference-data-access';
import { insertDieselPrice, listDieselPrices } from './diesel-price.repository';

/** How many past prices the back office's list shows. */
const DIESEL_HISTORY = 50;

type DieselPriceRow = Awaited<ReturnType<typeof listDieselPrices>>[number];

function toEntry(r: DieselPriceRow): DieselPriceEntry {
  return {
    id: r.id,
    koboPerLitre: r.koboPerLitre,
    asOf: r.asOf,
    recordedAt: r.recordedAt.toISOString(),
    recordedBy: r.recordedById
      ? { id: r.recordedById, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || 'Unknown user' }
      : null,
  };
}

export async function getDieselPrices(ctx: AppContext, principal: Principal): Promise<DieselPriceEntry[]> {
  assertAdmin(principal);
  return (await listDieselPrices(ctx.db, DIESEL_HISTORY)).map(toEntry);
}

/**
 * Records the pump price of diesel seen on a date; the latest date's is shown beside the lanes' bands, so
 * a bidder reads the band against what a litre costs now. A date ahead of today is refused: it would
 * hide today's price until then.
 */
export async function recordDieselPrice(
  ctx: AppContext,
  principal: Principal,
  input: RecordDieselPriceRequest,
  origin: RequestOrigin,
): Promise<DieselPriceEntry> {
  assertAdmin(principal);
  if (input.asOf > lagosToday()) {
    throw new AppError('BAD_REQUEST', 'The date cannot be in the future', {
      errors: [{ field: 'asOf', message: 'The date cannot be in the future' }],
    });
  }
  return ctx.db.transaction(async (tx) => {
    const saved = await insertDieselPrice(tx, { ...input, recordedBy: principal.userId });
    await audit(tx, principal, origin, {
      action: 'diesel_price.recorded',
      entityType: 'diesel_price',
      entityId: saved.id,
      data: { koboPerLitre: input.koboPerLitre, asOf: input.asOf },
    });
    const [row] = await listDieselPrices(tx, 1, saved.id);
    return toEntry(row!);
  });
}
