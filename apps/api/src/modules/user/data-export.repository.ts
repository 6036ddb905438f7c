import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import {
  auditLog,
  fleetManagers,
  notificationPreferences,
  notifications,
  phoneVerifications,
  pushSubscriptions,
  sessions,
  smsMessages,
  tripNotes,
  tripRatings,
  whatsappInboundMessages,
  whatsappMessages,
  trips,
} from '../../db/schema';

/**
 * Every row that is about one person, each read as the columns the export shows: never a session's
 * device id (the push token) or a push subscription's keys, and of a trip note only its text and trip.
 */
export async function readPersonalRows(db: Executor, userId: string, phoneNumber: string) {
  const [
    staffRecords,
    sessionRows,
    preferenceRows,
    notificationRows,
    subscriptionRows,
    activityRows,
    noteRows,
    ratingRows,
    textMessageRows,
    phoneVerificationRows,
    whatsappOutRows,
    whatsappInRows,
  ] = await readAll(db, [
    () =>
      db
        .select({
          address: fleetManagers.address,
          active: fleetManagers.active,
          createdAt: fleetManagers.createdAt,
        })
        .from(fleetManagers)
        .where(eq(fleetManagers.userId, userId))
        .limit(1),
    () =>
      db
        .select({
          device: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          signedInAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          endedAt: sessions.revokedAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt)),
    () =>
      db
        .select({
          kind: notificationPreferences.kind,
          channel: notificationPreferences.channel,
          enabled: notificationPreferences.enabled,
          updatedAt: notificationPreferences.updatedAt,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .orderBy(asc(notificationPreferences.kind), asc(notificationPreferences.channel)),
    () =>
      db
        .select({
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id)),
    () =>
      db
        .select({
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
          lastSentAt: pushSubscriptions.lastSentAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt)),
    () =>
      db
        .select({
          action: auditLog.action,
          entityType: auditLog.entityType,
          entityId: auditLog.entityId,
          at: auditLog.createdAt,
          ipAddress: auditLog.ipAddress,
        })
        .from(auditLog)
        .where(eq(auditLog.actorUserId, userId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    () =>
      db
        .select({ tripNumber: trips.tripNumber, note: tripNotes.note, updatedAt: tripNotes.updatedAt })
        .from(tripNotes)
        .innerJoin(trips, eq(trips.id, tripNotes.tripId))
        .where(eq(tripNotes.updatedByUserId, userId))
        .orderBy(desc(tripNotes.updatedAt)),
    () =>
      db
        .select({
          tripNumber: trips.tripNumber,
          score: tripRatings.score,
          tags: tripRatings.tags,
          comment: tripRatings.comment,
          createdAt: tripRatings.createdAt,
          updatedAt: tripRatings.updatedAt,
        })
        .from(tripRatings)
        .innerJoin(trips, eq(trips.id, tripRatings.tripId))
        .where(eq(tripRatings.createdBy, userId))
        .orderBy(desc(tripRatings.createdAt)),
    () =>
      db
        .select({
          text: smsMessages.text,
          purpose: smsMessages.purpose,
          status: smsMessages.status,
          sentAt: smsMessages.createdAt,
        })
        .from(smsMessages)
        .where(eq(smsMessages.to, phoneNumber))
        .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id)),
    // Never the code's hash: only which number, when and how it went.
    () =>
      db
        .select({
          phoneNumber: phoneVerifications.phoneNumber,
          firstSentAt: phoneVerifications.createdAt,
          lastSentAt: phoneVerifications.lastSentAt,
          codesSent: phoneVerifications.sends,
          wrongTries: phoneVerifications.failedTries,
          verifiedAt: phoneVerifications.verifiedAt,
        })
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, userId))
        .orderBy(desc(phoneVerifications.lastSentAt), desc(phoneVerifications.id)),
    () =>
      db
        .select({
          text: whatsappMessages.text,
          status: whatsappMessages.status,
          at: whatsappMessages.createdAt,
        })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.to, phoneNumber)),
    () =>
      db
        .select({ text: whatsappInboundMessages.text, at: whatsappInboundMessages.sentAt })
        .from(whatsappInboundMessages)
        .where(eq(whatsappInboundMessages.from, phoneNumber)),
  ]);
  return {
    staffRecord: staffRecords[0] ?? null,
    sessions: sessionRows,
    notificationPreferences: preferenceRows,
    notifications: notificationRows,
    pushSubscriptions: subscriptionRows,
    activity: activityRows,
    tripNotes: noteRows,
    ratingsGiven: ratingRows,
    textMessages: textMessageRows,
    phoneVerifications: phoneVerificationRows,
    whatsappMessages: [
      ...whatsappOutRows.map((m) => ({ direction: 'to you' as const, ...m })),
      ...whatsappInRows.map((m) => ({ direction: 'from you' as const, status: null, ...m })),
    ].sort((a, b) => b.at.getTime() - a.at.getTime()),
  };
}
