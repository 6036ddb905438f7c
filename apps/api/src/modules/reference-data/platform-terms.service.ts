import type { PlatformSettings, UpdatePlatformSettingsRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { readPlatformTerms } from '../../queries/platform-settings.repository';
import { assertAdmin, changedFields, hasChanges } from './reference-data-access';
import {
  findPlatformSettingsRow,
  lockPlatformSettings,
  savePlatformSettings,
} from './platform-terms.repository';

async function settingsOf(db: Executor): Promise<PlatformSettings> {
  const row = await findPlatformSettingsRow(db);
  if (!row) {
    // A database restored without the row: the terms in force are the defaults the award reads.
    return { ...(await readPlatformTerms(db)), updatedAt: new Date(0).toISOString(), updatedBy: null };
  }
  return {
    commissionBasisPoints: row.commissionBasisPoints,
    paymentTermsDays: row.paymentTermsDays,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy
      ? {
          id: row.updatedBy,
          name: `${row.editorFirstName ?? ''} ${row.editorLastName ?? ''}`.trim() || 'Unknown user',
        }
      : null,
  };
}

export async function getPlatformSettings(ctx: AppContext, principal: Principal): Promise<PlatformSettings> {
  assertAdmin(principal);
  return settingsOf(ctx.db);
}

/**
 * Sets the commission and the payment terms. They apply from the next award on: invoices already
 * raised keep the due date they were given.
 */
export async function updatePlatformSettings(
  ctx: AppContext,
  principal: Principal,
  input: UpdatePlatformSettingsRequest,
  origin: RequestOrigin,
): Promise<PlatformSettings> {
  assertAdmin(principal);
  return ctx.db.transaction(async (tx) => {
    const current = (await lockPlatformSettings(tx)) ?? (await readPlatformTerms(tx));
    const changes = changedFields(current, { ...current, ...input }, [
      'commissionBasisPoints',
      'paymentTermsDays',
    ]);
    if (hasChanges(changes)) {
      await savePlatformSettings(tx, { ...input, updatedBy: principal.userId });
      await audit(tx, principal, origin, {
        action: 'platform_settings.updated',
        entityType: 'platform_settings',
        entityId: '1',
        data: { ...changes },
      });
    }
    return settingsOf(tx);
  });
}
