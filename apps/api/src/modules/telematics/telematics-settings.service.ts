import { TRACKING_SETTINGS_DEFAULTS, type TrackingSettings } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { findTrackingSettings, upsertTrackingSettings } from './telematics-settings.repository';

/** A company's settings, or the defaults when it never changed them. */
export async function trackingSettingsOfCompany(db: Executor, companyId: string): Promise<TrackingSettings> {
  const row = await findTrackingSettings(db, companyId);
  if (!row) return TRACKING_SETTINGS_DEFAULTS;
  return {
    arrivalMode: row.arrivalMode,
    geofenceRadiusM: row.geofenceRadiusM,
    diversionAlerts: row.diversionAlerts,
    minCorridorKm: row.minCorridorKm,
    stopAlerts: row.stopAlerts,
    stopMinutes: row.stopMinutes,
    nightAlerts: row.nightAlerts,
    nightFromHour: row.nightFromHour,
    nightToHour: row.nightToHour,
    silenceAlerts: row.silenceAlerts,
    silenceMinutes: row.silenceMinutes,
  };
}

/** The caller's company's settings (the routes let only the transporter's owner and fleet managers in). */
export async function trackingSettingsFor(ctx: AppContext, principal: Principal): Promise<TrackingSettings> {
  return trackingSettingsOfCompany(ctx.db, principal.companyId);
}

/** Replaces the caller's company's settings, with the change in the audit log. */
export async function saveTrackingSettings(
  ctx: AppContext,
  principal: Principal,
  settings: TrackingSettings,
  request: RequestOrigin,
): Promise<TrackingSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = await trackingSettingsOfCompany(tx, principal.companyId);
    await upsertTrackingSettings(tx, principal.companyId, settings);
    await audit(tx, principal, request, {
      action: 'tracking.settings_changed',
      entityType: 'company',
      entityId: principal.companyId,
      data: { before, after: settings },
    });
  });
  return trackingSettingsFor(ctx, principal);
}
