import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Address,
  Guarantor,
  NextOfKin,
  TruckDocument,
  TruckDocumentKind,
  TruckType,
} from '@freightlane/domain';
import type { Locale } from '@freightlane/domain/i18n';
import { companies } from './company';
import { users } from './user';

// Every fleet record belongs to one transporter company and can be retired without being deleted; the
// people also carry the details the wizards collect. Each call makes fresh column builders for one table.
const ownedByCompany = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
});
const recordState = () => ({
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const personDetails = () => ({
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  address: jsonb('address').$type<Address>().notNull(),
});
const vetting = () => ({
  nextOfKin: jsonb('next_of_kin').$type<NextOfKin>().notNull(),
  guarantor: jsonb('guarantor').$type<Guarantor>().notNull(),
});

/**
 * A transporter's truck. The plate is unique within the company only: the platform cannot prove who
 * owns a plate, and a global rule would tell one transporter which plates another has registered.
 */
export const trucks = pgTable(
  'trucks',
  {
    ...ownedByCompany(),
    registrationNumber: text('registration_number').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    type: text('type').$type<TruckType>().notNull(),
    /** Tenths of a tonne (capacity has at most one decimal), so no floating point is stored. */
    capacityTenthTonnes: integer('capacity_tenth_tonnes').notNull(),
    documents: jsonb('documents')
      .$type<Partial<Record<TruckDocumentKind, TruckDocument>>>()
      .notNull()
      .default({}),
    ...recordState(),
  },
  (t) => [
    uniqueIndex('trucks_company_plate_uq').on(t.companyId, t.registrationNumber),
    index('trucks_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    ...ownedByCompany(),
    ...personDetails(),
    licenceNumber: text('licence_number').notNull(),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }).notNull(),
    ...vetting(),
    /** The photo in storage (random key); null until one is uploaded. */
    photoKey: text('photo_key'),
    photoContentType: text('photo_content_type'),
    /** When the driver proved the number is theirs (a code read back, or a USSD session from it); null until then. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The language the driver reads, set by the transporter or chosen by the driver; null is English (Nigeria). */
    language: text('language').$type<Locale>(),
    /**
     * The USSD menu's PIN (argon2 hash), given by the transporter, never set by a caller; null until given.
     * Wrong PINs in a row lock the menu until `ussdLockedUntil`.
     */
    ussdPinHash: text('ussd_pin_hash'),
    ussdPinSetAt: timestamp('ussd_pin_set_at', { withTimezone: true }),
    ussdPinFailures: integer('ussd_pin_failures').notNull().default(0),
    ussdLockedUntil: timestamp('ussd_locked_until', { withTimezone: true }),
    ...recordState(),
  },
  (t) => [
    uniqueIndex('drivers_company_phone_uq').on(t.companyId, t.phoneNumber),
    uniqueIndex('drivers_company_licence_uq').on(t.companyId, t.licenceNumber),
    index('drivers_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const motorBoys = pgTable(
  'motor_boys',
  {
    ...ownedByCompany(),
    ...personDetails(),
    ...vetting(),
    ...recordState(),
  },
  (t) => [
    uniqueIndex('motor_boys_company_phone_uq').on(t.companyId, t.phoneNumber),
    index('motor_boys_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * A fleet manager's staff record. The login itself is a `users` row of type FLEET_MANAGER in the owner's
 * company (name, phone, e-mail live there); this holds what only the fleet pages need.
 */
export const fleetManagers = pgTable(
  'fleet_managers',
  {
    ...ownedByCompany(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    address: jsonb('address').$type<Address>().notNull(),
    ...vetting(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id),
    ...recordState(),
  },
  (t) => [index('fleet_managers_company_idx').on(t.companyId, t.createdAt)],
);
