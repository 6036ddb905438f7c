import { z } from 'zod';
import { isValidElevenDigitPhone, isValidTenDigitPhone, NIGERIA_PHONE_CODE } from '../phone';
import { COMPANY_TYPES, ROLES, USER_TYPES } from '../roles';
import { VERIFICATION_STATUSES } from './profile';
import { pageOf, pageQuery, searchText } from './page';

export const USER_SEARCH_PREFIX = 'phoneNumber:';
export const USER_SEARCH_PHONE_MESSAGE =
  'Enter the phone number as 10 digits without the leading 0, 11 digits with it, or +234 followed by 10 digits';
export const USER_SEARCH_PREFIX_MESSAGE = `Search as ${USER_SEARCH_PREFIX} followed by the phone number`;

/**
 * The phone number a search value stands for, as stored (E.164); null for an empty value; undefined when the
 * value breaks the spec's rule (empty, exactly 10 digits without the leading 0, or 11 digits with it). An
 * E.164 number is accepted too; in a query string its + arrives as a space unless encoded, so both are read.
 */
export function userSearchPhone(value: string): string | null | undefined {
  if (/^[+ ]234\d{10}$/.test(value)) return `${NIGERIA_PHONE_CODE}${value.slice(4)}`;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (isValidTenDigitPhone(trimmed)) return `${NIGERIA_PHONE_CODE}${trimmed}`;
  if (isValidElevenDigitPhone(trimmed) && trimmed.startsWith('0'))
    return `${NIGERIA_PHONE_CODE}${trimmed.slice(1)}`;
  return undefined;
}

/** `q=phoneNumber:{value}` as the spec's admin search sends it; parsed into the stored phone (or null). */
export const adminUserSearchQuery = z.object({
  q: z.string({ error: USER_SEARCH_PREFIX_MESSAGE }).transform((q, ctx) => {
    if (!q.startsWith(USER_SEARCH_PREFIX)) {
      ctx.addIssue({ code: 'custom', message: USER_SEARCH_PREFIX_MESSAGE });
      return z.NEVER;
    }
    const phoneNumber = userSearchPhone(q.slice(USER_SEARCH_PREFIX.length));
    if (phoneNumber === undefined) {
      ctx.addIssue({ code: 'custom', message: USER_SEARCH_PHONE_MESSAGE });
      return z.NEVER;
    }
    return { phoneNumber };
  }),
});
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuery>;

export const adminUserCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
});

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  activated: z.boolean(),
  deactivated: z.boolean(),
  createdAt: z.string(),
  company: adminUserCompanySchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponse = z.array(adminUserSchema);
export type AdminUserListResponse = z.infer<typeof adminUserListResponse>;

// ---------------------------------------------------------------------------------------------------------
// The back office's users (GET /api/v1/admin/users, GET /api/v1/admin/users/{id} and the actions on one).

/** Where an account stands: it can sign in, it waits for its activation link, or an admin or its company stopped it. */
export const ADMIN_USER_STATUSES = ['ACTIVE', 'NOT_ACTIVATED', 'DEACTIVATED'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const ADMIN_USER_STATUS_LABELS: Record<AdminUserStatus, string> = {
  ACTIVE: 'Active',
  NOT_ACTIVATED: 'Not activated',
  DEACTIVATED: 'Deactivated',
};

/** A deactivated account is deactivated whether or not it was ever activated. */
export function adminUserStatus(user: { activated: boolean; deactivated: boolean }): AdminUserStatus {
  if (user.deactivated) return 'DEACTIVATED';
  return user.activated ? 'ACTIVE' : 'NOT_ACTIVATED';
}

/** One page of users: `q` finds a name, an e-mail or a phone number (digits as typed, with or without the 0). */
export const adminUserListQuery = pageQuery.extend({
  q: searchText,
  companyId: z.uuid({ error: 'companyId must be a company id' }).optional(),
  role: z.enum(ROLES, { error: 'Unknown role' }).optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'Unknown account status' }).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

export const adminUserSummarySchema = adminUserSchema.extend({
  status: z.enum(ADMIN_USER_STATUSES),
  lastSignInAt: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUserPage = pageOf(adminUserSummarySchema);

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  company: adminUserCompanySchema.extend({ suspendedAt: z.string().nullable() }),
  activatedAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  /** The reason an admin gave when deactivating, from the audit log; null when none was recorded. */
  deactivationReason: z.string().nullable(),
  /** When the person's identity was erased at their request; such an account cannot be reactivated. */
  erasedAt: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  /** Sign-ins that have not been signed out, revoked or left unused past the refresh token's lifetime. */
  liveSessionCount: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserIdParams = z.object({ id: z.uuid({ error: 'User not found' }) });

export const DEACTIVATE_REASON_MESSAGE = 'Give the reason for deactivating this account';
export const deactivateUserRequest = z.strictObject({
  reason: z
    .string({ error: DEACTIVATE_REASON_MESSAGE })
    .trim()
    .min(1, DEACTIVATE_REASON_MESSAGE)
    .max(500, 'Reason must be at most 500 characters'),
});
export type DeactivateUserRequest = z.infer<typeof deactivateUserRequest>;
