import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { drivers } from './fleet';
import { users } from './user';

/**
 * A code sent by SMS to prove a phone number belongs to a person: a user's own number, or a driver's read
 * back to the transporter. Only a hash of the code is kept. A code lives 10 minutes and takes 5 wrong tries;
 * a new one for the same number replaces it (at most one open per person and number), and sending is
 * throttled by `lastSentAt` and `sends`.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose number it is: a user, or a driver (exactly one of the two). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    /** E.164: the number the code went to; a code proves only this number. */
    phoneNumber: text('phone_number').notNull(),
    /** HMAC-SHA256 of the code with the server's secret, hex. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes tried against this one. */
    failedTries: integer('failed_tries').notNull().default(0),
    /** Codes sent for this person and number since `createdAt` (a resend counts). */
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('phone_verifications_user_open_uq')
      .on(t.userId, t.phoneNumber)
      .where(sql`user_id IS NOT NULL AND verified_at IS NULL`),
    uniqueIndex('phone_verifications_driver_open_uq')
      .on(t.driverId, t.phoneNumber)
      .where(sql`driver_id IS NOT NULL AND verified_at IS NULL`),
    index('phone_verifications_phone_idx').on(t.phoneNumber, t.createdAt),
    check('phone_verifications_one_owner', sql`(user_id IS NULL) <> (driver_id IS NULL)`),
  ],
);
