import { pgTable, text, timestamp, uuid, index, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserType } from '@freightlane/domain';
import type { Locale } from '@freightlane/domain/i18n';
import { companies } from './company';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').$type<UserType>().notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** When the user accepted the terms at sign-up, and which version (the Nigeria Data Protection Act's consent record). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    /**
     * When the person proved the phone number is theirs with a code sent to it; null until then, and
     * again when the number changes. No SMS or WhatsApp goes to an unverified number but the code itself.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The language the person reads (a Locale: en-NG, pcm, ha, yo, ig); null is English (Nigeria). */
    language: text('language').$type<Locale>(),
    /** When the person's identity was erased at their request; the row stays for the records that name it. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phoneNumber),
    index('users_company_idx').on(t.companyId),
  ],
);

/**
 * Single-use e-mailed tokens (activation, password reset, a fleet manager's invitation). Only a SHA-256 of
 * the token is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'ACTIVATION' | 'PASSWORD_RESET' | 'INVITATION'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
