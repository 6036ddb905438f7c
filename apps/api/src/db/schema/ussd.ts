import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drivers } from './fleet';

/**
 * One USSD session as the gateway named it (Africa's Talking's sessionId): the phone it came from, the
 * driver that phone belongs to, and when the driver's PIN was accepted in it. A session with no
 * `signedInAt` can only be asked for the PIN.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    /** E.164, as the gateway gave it. */
    phoneNumber: text('phone_number').notNull(),
    serviceCode: text('service_code').notNull(),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ussd_sessions_driver_idx').on(t.driverId, t.createdAt)],
);

/**
 * Each screen a session was answered with, by the whole `text` the gateway sent: the gateway repeats a
 * callback it got no answer to, and the same session and text gets the same answer without doing anything
 * twice (a step or an issue is recorded once).
 */
export const ussdScreens = pgTable(
  'ussd_screens',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => ussdSessions.sessionId, { onDelete: 'cascade' }),
    /** The gateway's `text`: every answer in the session so far, joined by `*`. */
    input: text('input').notNull(),
    /** What the phone was shown: `CON …` or `END …`. */
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.input] })],
);
