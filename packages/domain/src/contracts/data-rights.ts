import { z } from 'zod';
import { USER_TYPES } from '../roles';
import { PASSWORD_MAX } from './common';

/**
 * The version of the terms and conditions on /terms that people accept today. The consent record keeps
 * it beside the time of acceptance, so a later change of the terms shows who accepted which text. Change
 * it whenever the terms page changes in substance.
 */
export const TERMS_VERSION = '2026-11';

export const ACCEPT_TERMS_MESSAGE = 'You must accept the terms and conditions';

/**
 * Consent to the terms: only `true` is consent; a `false` (or anything else) is a refusal. The sign-up may
 * leave the field out, since signing up accepts the terms (contracts/account.ts).
 */
export const acceptTermsField = z.literal(true, { error: ACCEPT_TERMS_MESSAGE });

/** The name an erased person's records show wherever they named them (first name, last name). */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'user';
/** What an erased person's text messages say instead of their words. */
export const ERASED_MESSAGE_TEXT = '(erased)';

/** POST /api/v1/user/me/erasure: the person confirms with their password. */
export const eraseMyAccountRequest = z.strictObject({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type EraseMyAccountRequest = z.infer<typeof eraseMyAccountRequest>;

export const ERASURE_REASON_MAX = 500;

/** POST /api/v1/admin/users/{id}/erasure: an admin erases an account on the person's request. */
export const adminEraseUserRequest = z.strictObject({
  reason: z
    .string({ error: 'Give the reason' })
    .trim()
    .min(3, 'Give the reason, e.g. how the person asked')
    .max(ERASURE_REASON_MAX, `The reason is at most ${ERASURE_REASON_MAX} characters`),
});
export type AdminEraseUserRequest = z.infer<typeof adminEraseUserRequest>;

export const adminEraseUserParams = z.object({ id: z.uuid({ error: 'Unknown user' }) });

export const erasureResponse = z.object({ status: z.literal('Successful'), message: z.string() });
export type ErasureResponse = z.infer<typeof erasureResponse>;

const isoTime = z.string().describe('ISO 8601');

/**
 * GET /api/v1/user/me/data: everything the platform holds about the signed-in person, and nothing about
 * anyone else (a note is its text and trip number, not who else wrote on the trip).
 */
export const myDataExport = z.object({
  exportedAt: isoTime,
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    phoneVerifiedAt: isoTime.nullable(),
    /** The language chosen for texts and messages; null when none was (English (Nigeria)). */
    language: z.string().nullable(),
    userType: z.enum(USER_TYPES),
    createdAt: isoTime,
    activatedAt: isoTime.nullable(),
    passwordChangedAt: isoTime.nullable(),
  }),
  company: z.object({ name: z.string(), role: z.enum(USER_TYPES) }),
  consent: z.object({
    termsAcceptedAt: isoTime.nullable(),
    termsVersion: z.string().nullable(),
  }),
  /** A fleet manager's staff record as their company entered it; null for everyone else. */
  staffRecord: z
    .object({
      address: z.object({
        street: z.string(),
        neighborhood: z.string(),
        lga: z.string(),
        city: z.string(),
        state: z.string(),
      }),
      active: z.boolean(),
      createdAt: isoTime,
    })
    .nullable(),
  sessions: z.array(
    z.object({
      device: z.string().nullable().describe('The browser or app, as it named itself'),
      ipAddress: z.string().nullable(),
      signedInAt: isoTime,
      lastUsedAt: isoTime,
      endedAt: isoTime.nullable(),
    }),
  ),
  notificationPreferences: z.array(
    z.object({ kind: z.string(), channel: z.string(), enabled: z.boolean(), updatedAt: isoTime }),
  ),
  notifications: z.array(
    z.object({
      kind: z.string(),
      title: z.string(),
      body: z.string(),
      link: z.string().nullable(),
      createdAt: isoTime,
      readAt: isoTime.nullable(),
    }),
  ),
  pushSubscriptions: z.array(
    z.object({ endpoint: z.string(), createdAt: isoTime, lastSentAt: isoTime.nullable() }),
  ),
  /** What the person did, from the audit log: the action, on what, when and from where. */
  activity: z.array(
    z.object({
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      at: isoTime,
      ipAddress: z.string().nullable(),
    }),
  ),
  tripNotes: z.array(z.object({ tripNumber: z.string(), note: z.string(), updatedAt: isoTime })),
  /** The trip ratings the person gave for their company, newest first, with the comment as written. */
  ratingsGiven: z.array(
    z.object({
      tripNumber: z.string(),
      score: z.number().int(),
      tags: z.array(z.string()),
      comment: z.string().nullable(),
      createdAt: isoTime,
      updatedAt: isoTime,
    }),
  ),
  /** The codes sent to prove the person's phone numbers, newest first (the codes themselves are never kept). */
  phoneVerifications: z.array(
    z.object({
      phoneNumber: z.string(),
      firstSentAt: isoTime,
      lastSentAt: isoTime,
      codesSent: z.number().int(),
      wrongTries: z.number().int(),
      verifiedAt: isoTime.nullable(),
    }),
  ),
  /** The text messages the platform sent to the person's phone number, newest first. */
  textMessages: z.array(
    z.object({ text: z.string(), purpose: z.string(), status: z.string(), sentAt: isoTime }),
  ),
  /** The WhatsApp conversation with the person's number, both ways, newest first. */
  whatsappMessages: z.array(
    z.object({
      direction: z.enum(['to you', 'from you']),
      text: z.string().nullable(),
      status: z.string().nullable(),
      at: isoTime,
    }),
  ),
});
export type MyDataExport = z.infer<typeof myDataExport>;

/** The file name the export is saved under: the Lagos date it was taken. */
export function myDataFileName(lagosDate: string): string {
  return `freightlane-my-data-${lagosDate}.json`;
}
