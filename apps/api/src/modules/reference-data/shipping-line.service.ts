import {
  CONTAINER_SIZES,
  toPage,
  type AdminShippingLine,
  type AdminShippingLineListQuery,
  type AdminShippingLineSummary,
  type ContainerSize,
  type CreateShippingLineRequest,
  type Page,
  type SetShippingLineTariffsRequest,
  type UpdateShippingLineRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import { assertAdmin, changeAction, changedFields, hasChanges, merged } from './reference-data-access';
import {
  countShippingLines,
  findClashingShippingLine,
  findShippingLine,
  insertShippingLine,
  listShippingLineRows,
  listTariffRows,
  updateShippingLineRow,
  upsertTariffRows,
  type ShippingLineRecord,
  type TariffRecord,
} from './shipping-line.repository';

type TariffFigures = Pick<TariffRecord, 'freeDays' | 'demurrageKoboPerDay' | 'detentionKoboPerDay'>;

export async function listShippingLinesForAdmin(
  ctx: AppContext,
  principal: Principal,
  query: AdminShippingLineListQuery,
): Promise<Page<AdminShippingLineSummary>> {
  assertAdmin(principal);
  const filter = { q: query.q, status: query.status };
  const [rows, total] = await readAll(ctx.db, [
    () => listShippingLineRows(ctx.db, filter, { offset: query.page * query.size, limit: query.size }),
    () => countShippingLines(ctx.db, filter),
  ]);
  return toPage(rows, total, query);
}

async function detailOf(db: Executor, line: ShippingLineRecord): Promise<AdminShippingLine> {
  const tariffs = await listTariffRows(db, line.id);
  const bySize = new Map(tariffs.map((t) => [t.containerSize, t]));
  return {
    id: line.id,
    code: line.code,
    name: line.name,
    active: line.active,
    tariffs: CONTAINER_SIZES.flatMap((size) => {
      const t = bySize.get(size);
      return t
        ? [
            {
              containerSize: size,
              freeDays: t.freeDays,
              demurrageKoboPerDay: t.demurrageKoboPerDay,
              detentionKoboPerDay: t.detentionKoboPerDay,
              updatedAt: t.updatedAt.toISOString(),
            },
          ]
        : [];
    }),
  };
}

export async function getShippingLineForAdmin(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<AdminShippingLine> {
  assertAdmin(principal);
  const line = await findShippingLine(ctx.db, id);
  if (!line) throw notFound('Shipping line');
  return detailOf(ctx.db, line);
}

/** The 409 for a code or name another line has: customers pick lines by name, the seed finds them by code. */
function clash(
  existing: Pick<ShippingLineRecord, 'code' | 'name'>,
  wanted: { code?: string | undefined; name?: string | undefined },
): AppError {
  if (wanted.code !== undefined && existing.code === wanted.code) {
    return new AppError('CONFLICT', `Another shipping line has the code ${wanted.code}`, {
      errors: [{ field: 'code', message: 'Another shipping line has this code' }],
    });
  }
  return new AppError('CONFLICT', `Another shipping line is called ${existing.name}`, {
    errors: [{ field: 'name', message: 'Another shipping line has this name' }],
  });
}

export async function createShippingLine(
  ctx: AppContext,
  principal: Principal,
  input: CreateShippingLineRequest,
  origin: RequestOrigin,
): Promise<AdminShippingLine> {
  assertAdmin(principal);
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await findClashingShippingLine(tx, input);
      if (existing) throw clash(existing, input);
      const line = await insertShippingLine(tx, { code: input.code, name: input.name });
      await audit(tx, principal, origin, {
        action: 'shipping_line.created',
        entityType: 'shipping_line',
        entityId: line.id,
        data: { before: null, after: { code: line.code, name: line.name, active: line.active } },
      });
      return detailOf(tx, line);
    });
  } catch (error) {
    // Two admins adding one code at once: the unique index lets one in.
    if (uniqueViolation(error)) throw clash({ code: input.code, name: input.name }, input);
    throw error;
  }
}

/** Renames a line or retires it (no longer offered for new orders; orders and trips keep showing it). */
export async function updateShippingLine(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateShippingLineRequest,
  origin: RequestOrigin,
): Promise<AdminShippingLine> {
  assertAdmin(principal);
  return ctx.db.transaction(async (tx) => {
    const current = await findShippingLine(tx, id, { forUpdate: true });
    if (!current) throw notFound('Shipping line');
    const changes = changedFields(current, merged(current, input), ['name', 'active']);
    if (!hasChanges(changes)) return detailOf(tx, current);
    if (changes.after.name !== undefined) {
      const existing = await findClashingShippingLine(tx, { name: changes.after.name }, id);
      if (existing) throw clash(existing, { name: changes.after.name });
    }
    const line = await updateShippingLineRow(tx, id, changes.after);
    await audit(tx, principal, origin, {
      action: changeAction('shipping_line', changes),
      entityType: 'shipping_line',
      entityId: id,
      data: { code: current.code, ...changes },
    });
    return detailOf(tx, line);
  });
}

/**
 * Sets the free days and daily rates of the sizes sent. The audit row holds each size that changed,
 * as it was (null when it had no tariff) and as it is now.
 */
export async function setShippingLineTariffs(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: SetShippingLineTariffsRequest,
  origin: RequestOrigin,
): Promise<AdminShippingLine> {
  assertAdmin(principal);
  return ctx.db.transaction(async (tx) => {
    const line = await findShippingLine(tx, id, { forUpdate: true });
    if (!line) throw notFound('Shipping line');
    const current = new Map((await listTariffRows(tx, id)).map((t) => [t.containerSize, t]));
    const before: Partial<Record<ContainerSize, TariffFigures | null>> = {};
    const after: Partial<Record<ContainerSize, TariffFigures>> = {};
    const changed = input.tariffs.filter((t) => {
      const old = current.get(t.containerSize);
      const same =
        old !== undefined &&
        old.freeDays === t.freeDays &&
        old.demurrageKoboPerDay === t.demurrageKoboPerDay &&
        old.detentionKoboPerDay === t.detentionKoboPerDay;
      if (same) return false;
      before[t.containerSize] = old
        ? {
            freeDays: old.freeDays,
            demurrageKoboPerDay: old.demurrageKoboPerDay,
            detentionKoboPerDay: old.detentionKoboPerDay,
          }
        : null;
      after[t.containerSize] = {
        freeDays: t.freeDays,
        demurrageKoboPerDay: t.demurrageKoboPerDay,
        detentionKoboPerDay: t.detentionKoboPerDay,
      };
      return true;
    });
    if (changed.length > 0) {
      await upsertTariffRows(tx, id, changed);
      await audit(tx, principal, origin, {
        action: 'shipping_line.tariffs_set',
        entityType: 'shipping_line',
        entityId: id,
        data: { code: line.code, before, after },
      });
    }
    return detailOf(tx, line);
  });
}
