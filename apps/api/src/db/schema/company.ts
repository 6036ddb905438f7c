import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address, CompanyType, VerificationStatus, CompanyDocumentType } from '@freightlane/domain';

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').$type<CompanyType>().notNull(),
  cacRegistrationNumber: text('cac_registration_number'),
  tin: text('tin'),
  address: jsonb('address').$type<Address>(),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  verificationStatus: text('verification_status').$type<VerificationStatus>().notNull().default('UNVERIFIED'),
  rejectionReason: text('rejection_reason'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** Set by an admin: the company's users cannot sign in or act until it is lifted. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /** The id in a customer's /ongoingtripprogress link: random, made on first use, replaced on rotation. */
  ongoingShareId: text('ongoing_share_id').unique(),
  /**
   * A transporter's waiting terms: hours a truck waits free at a pickup or a delivery, then the rate per
   * started hour proposed to the customer. No rate: the transporter does not charge for waiting.
   */
  waitingFreeHours: integer('waiting_free_hours').notNull().default(12),
  waitingRateKoboPerHour: bigint('waiting_rate_kobo_per_hour', { mode: 'number' }),
  /**
   * The most the company's SMS and WhatsApp messages may cost in a calendar month (Lagos time), set by the
   * back office; null is the platform's default (MESSAGE_SPEND_CAP_KOBO).
   */
  messageSpendCapKobo: bigint('message_spend_cap_kobo', { mode: 'number' }),
  /** A transporter's return loads: how far from a truck's delivery place an order's pickup may lie. */
  returnLoadRadiusKm: integer('return_load_radius_km').notNull().default(50),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyDocuments = pgTable(
  'company_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<CompanyDocumentType>().notNull(),
    status: text('status')
      .$type<'PENDING_REVIEW' | 'APPROVED' | 'REJECTED'>()
      .notNull()
      .default('PENDING_REVIEW'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_documents_company_idx').on(t.companyId, t.type)],
);

/**
 * What a company's SMS and WhatsApp messages cost in one calendar month (Lagos time), added to as each
 * message is queued. One row per company and month, raised by a single conditional upsert, so two messages
 * queued at once cannot both slip under the cap and no sum over the month's messages is needed per message.
 */
export const messageSpend = pgTable(
  'message_spend',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** YYYY-MM in Lagos time. */
    month: text('month').notNull(),
    spentKobo: bigint('spent_kobo', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
