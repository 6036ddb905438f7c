import { eq } from 'drizzle-orm';
import type { TrackingSettings } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { trackingSettings } from '../../db/schema';

export async function findTrackingSettings(db: Executor, companyId: string) {
  const [row] = await db.select().from(trackingSettings).where(eq(trackingSettings.companyId, companyId));
  return row ?? null;
}

export async function upsertTrackingSettings(
  db: Executor,
  companyId: string,
  settings: TrackingSettings,
): Promise<void> {
  await db
    .insert(trackingSettings)
    .values({ companyId, ...settings, updatedAt: new Date() })
    .onConflictDoUpdate({ target: trackingSettings.companyId, set: { ...settings, updatedAt: new Date() } });
}
