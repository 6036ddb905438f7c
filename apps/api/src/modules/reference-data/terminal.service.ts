import {
  toPage,
  type AdminTerminal,
  type AdminTerminalListQuery,
  type CreateTerminalRequest,
  type Page,
  type UpdateTerminalRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { readAll } from '../../db/read-all';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import { assertAdmin, changeAction, changedFields, hasChanges, merged } from './reference-data-access';
import {
  countTerminals,
  findTerminal,
  findTerminalByCode,
  insertTerminal,
  listTerminalRows,
  updateTerminalRow,
  type TerminalRecord,
} from './terminal.repository';

const EDITABLE = [
  'name',
  'operator',
  'kind',
  'port',
  'city',
  'state',
  'lga',
  'latitude',
  'longitude',
  'active',
] as const satisfies readonly (keyof TerminalRecord)[];

const toTerminal = (row: TerminalRecord): AdminTerminal => ({ ...row });

export async function listTerminalsForAdmin(
  ctx: AppContext,
  principal: Principal,
  query: AdminTerminalListQuery,
): Promise<Page<AdminTerminal>> {
  assertAdmin(principal);
  const filter = { q: query.q, kind: query.kind, status: query.status };
  const [rows, total] = await readAll(ctx.db, [
    () => listTerminalRows(ctx.db, filter, { offset: query.page * query.size, limit: query.size }),
    () => countTerminals(ctx.db, filter),
  ]);
  return toPage(rows.map(toTerminal), total, query);
}

export async function getTerminalForAdmin(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<AdminTerminal> {
  assertAdmin(principal);
  const row = await findTerminal(ctx.db, id);
  if (!row) throw notFound('Terminal');
  return toTerminal(row);
}

const codeTaken = (code: string) =>
  new AppError('CONFLICT', `Another terminal has the code ${code}`, {
    errors: [{ field: 'code', message: 'Another terminal has this code' }],
  });

export async function createTerminal(
  ctx: AppContext,
  principal: Principal,
  input: CreateTerminalRequest,
  origin: RequestOrigin,
): Promise<AdminTerminal> {
  assertAdmin(principal);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await findTerminalByCode(tx, input.code)) throw codeTaken(input.code);
      const row = await insertTerminal(tx, { ...input, active: true });
      const { id: _id, ...after } = row;
      await audit(tx, principal, origin, {
        action: 'terminal.created',
        entityType: 'terminal',
        entityId: row.id,
        data: { before: null, after },
      });
      return toTerminal(row);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw codeTaken(input.code);
    throw error;
  }
}

/**
 * Changes a terminal's details, or retires it (`active: false`): a retired terminal is not offered
 * for new orders, and the orders and trips that name it keep showing it. Terminals are never deleted.
 */
export async function updateTerminal(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateTerminalRequest,
  origin: RequestOrigin,
): Promise<AdminTerminal> {
  assertAdmin(principal);
  return ctx.db.transaction(async (tx) => {
    const current = await findTerminal(tx, id, { forUpdate: true });
    if (!current) throw notFound('Terminal');
    const changes = changedFields(current, merged(current, input), EDITABLE);
    if (!hasChanges(changes)) return toTerminal(current);
    const row = await updateTerminalRow(tx, id, changes.after);
    await audit(tx, principal, origin, {
      action: changeAction('terminal', changes),
      entityType: 'terminal',
      entityId: id,
      data: { code: current.code, ...changes },
    });
    return toTerminal(row);
  });
}
