import { lagosToday, myDataFileName, type MyDataExport } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import type { Limit } from '../../plugins/rate-limit';
import { findUserWithCompany } from '../../queries/user.repository';
import { readPersonalRows } from './data-export.repository';

/** The export reads every table about the person; a few a day is all anyone needs. */
export const DATA_EXPORT_LIMIT = { name: 'data-export-user', max: 5, windowSeconds: 3600 } satisfies Limit;

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Everything the platform holds about the signed-in person (Nigeria Data Protection Act 2023, the right
 * of access and to data portability): their own records only, never a colleague's or another party's.
 */
export async function exportMyData(
  ctx: AppContext,
  principal: Principal,
): Promise<{ fileName: string; data: MyDataExport }> {
  // The caller's own data only: the user id comes from the session, never from the request.
  await ctx.rateLimiter.hit(DATA_EXPORT_LIMIT, principal.userId);
  const found = await findUserWithCompany(ctx.db, principal.userId);
  if (!found) throw notFound('User');
  const { user, company } = found;
  const rows = await readPersonalRows(ctx.db, user.id, user.phoneNumber);
  const now = new Date();
  return {
    fileName: myDataFileName(lagosToday(now)),
    data: {
      exportedAt: iso(now),
      profile: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: user.phoneNumber,
        phoneVerifiedAt: isoOrNull(user.phoneVerifiedAt),
        language: user.language,
        userType: user.userType,
        createdAt: iso(user.createdAt),
        activatedAt: isoOrNull(user.activatedAt),
        passwordChangedAt: isoOrNull(user.passwordChangedAt),
      },
      company: { name: company.name, role: user.userType },
      consent: { termsAcceptedAt: isoOrNull(user.termsAcceptedAt), termsVersion: user.termsVersion },
      staffRecord: rows.staffRecord && {
        address: { ...rows.staffRecord.address, neighborhood: rows.staffRecord.address.neighborhood ?? '' },
        active: rows.staffRecord.active,
        createdAt: iso(rows.staffRecord.createdAt),
      },
      sessions: rows.sessions.map((s) => ({
        device: s.device,
        ipAddress: s.ipAddress,
        signedInAt: iso(s.signedInAt),
        lastUsedAt: iso(s.lastUsedAt),
        endedAt: isoOrNull(s.endedAt),
      })),
      notificationPreferences: rows.notificationPreferences.map((p) => ({
        ...p,
        updatedAt: iso(p.updatedAt),
      })),
      notifications: rows.notifications.map((n) => ({
        ...n,
        createdAt: iso(n.createdAt),
        readAt: isoOrNull(n.readAt),
      })),
      pushSubscriptions: rows.pushSubscriptions.map((p) => ({
        endpoint: p.endpoint,
        createdAt: iso(p.createdAt),
        lastSentAt: isoOrNull(p.lastSentAt),
      })),
      activity: rows.activity.map((a) => ({ ...a, at: iso(a.at) })),
      tripNotes: rows.tripNotes.map((n) => ({ ...n, updatedAt: iso(n.updatedAt) })),
      ratingsGiven: rows.ratingsGiven.map((r) => ({
        ...r,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      })),
      phoneVerifications: rows.phoneVerifications.map((v) => ({
        ...v,
        firstSentAt: iso(v.firstSentAt),
        lastSentAt: iso(v.lastSentAt),
        verifiedAt: isoOrNull(v.verifiedAt),
      })),
      textMessages: rows.textMessages.map((m) => ({ ...m, sentAt: iso(m.sentAt) })),
      whatsappMessages: rows.whatsappMessages.map((m) => ({ ...m, at: iso(m.at) })),
    },
  };
}
