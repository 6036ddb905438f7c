import type { PreferredPartner, Transporter } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import {
  deletePreferredPartner,
  findVerifiedTransporter,
  insertPreferredPartner,
  listPreferredPartners,
  searchTransporters,
} from './partner.repository';

/** Enough to pick from while typing; a longer list means the search text is too short. */
export const TRANSPORTER_SEARCH_LIMIT = 20;

export async function getPreferredPartners(
  ctx: AppContext,
  principal: Principal,
): Promise<PreferredPartner[]> {
  const rows = await listPreferredPartners(ctx.db, principal.companyId);
  return rows.map((r) => ({
    transporterCompanyId: r.transporterCompanyId,
    name: r.name,
    state: r.address?.state ?? null,
    addedAt: r.addedAt.toISOString(),
  }));
}

export async function addPreferredPartner(
  ctx: AppContext,
  principal: Principal,
  transporterCompanyId: string,
  ip: string,
): Promise<PreferredPartner> {
  return ctx.db.transaction(async (tx) => {
    // Only verified transporters can be chosen; any other id answers as if it did not exist.
    const transporter = await findVerifiedTransporter(tx, transporterCompanyId);
    if (!transporter) throw notFound('Transporter');
    const row = await insertPreferredPartner(tx, principal.companyId, transporterCompanyId);
    if (!row) {
      const message = `${transporter.name} is already one of your preferred partners`;
      throw new AppError('CONFLICT', message, { errors: [{ field: 'transporterCompanyId', message }] });
    }
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'preferred_partner.added',
        entityType: 'company',
        entityId: transporterCompanyId,
      },
    );
    return {
      transporterCompanyId,
      name: transporter.name,
      state: transporter.address?.state ?? null,
      addedAt: row.createdAt.toISOString(),
    };
  });
}

export async function removePreferredPartner(
  ctx: AppContext,
  principal: Principal,
  transporterCompanyId: string,
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await deletePreferredPartner(tx, principal.companyId, transporterCompanyId);
    if (!row) throw notFound('Preferred partner');
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'preferred_partner.removed',
        entityType: 'company',
        entityId: transporterCompanyId,
      },
    );
  });
}

export async function findTransporters(
  ctx: AppContext,
  principal: Principal,
  q: string,
): Promise<Transporter[]> {
  const rows = await searchTransporters(ctx.db, principal.companyId, q, TRANSPORTER_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    state: r.address?.state ?? null,
    preferred: Boolean(r.preferred),
  }));
}
