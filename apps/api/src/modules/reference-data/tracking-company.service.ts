import type { AdminTrackingCompany, UpdateTrackingCompanyRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { assertAdmin, changeAction, changedFields, hasChanges, merged } from './reference-data-access';
import {
  countTrackingAccounts,
  listTrackingCompanyRows,
  lockTrackingCompany,
  updateTrackingCompanyRow,
} from './tracking-company.repository';

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** Every tracking company, by name (a handful: sorted here so the order does not hang on a collation). */
export async function listTrackingCompaniesForAdmin(
  ctx: AppContext,
  principal: Principal,
): Promise<AdminTrackingCompany[]> {
  assertAdmin(principal);
  const rows = await listTrackingCompanyRows(ctx.db);
  return rows.sort((a, b) => byText(a.name, b.name) || byText(a.code, b.code));
}

/**
 * Renames a tracking company, rewords its description, or turns it off or on. Turned off, it is no
 * longer offered for new tracking accounts; the accounts transporters already have keep working.
 */
export async function updateTrackingCompany(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateTrackingCompanyRequest,
  origin: RequestOrigin,
): Promise<AdminTrackingCompany> {
  assertAdmin(principal);
  return ctx.db.transaction(async (tx) => {
    const current = await lockTrackingCompany(tx, id);
    if (!current) throw notFound('Tracking company');
    const changes = changedFields(current, merged(current, input), ['name', 'description', 'active']);
    let row = current;
    if (hasChanges(changes)) {
      row = await updateTrackingCompanyRow(tx, id, changes.after);
      await audit(tx, principal, origin, {
        action: changeAction('tracking_company', changes),
        entityType: 'tracking_company',
        entityId: id,
        data: { code: current.code, ...changes },
      });
    }
    const accountCount = await countTrackingAccounts(tx, id);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      kind: row.kind,
      description: row.description,
      active: row.active,
      accountCount,
    };
  });
}
