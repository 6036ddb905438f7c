import { z } from 'zod';
import { isValidElevenDigitPhone, isValidTenDigitPhone, NIGERIA_PHONE_CODE } from '../phone';
import { COMPANY_TYPES, ROLES, USER_TYPES } from '../roles';
import { VERIFICATION_STATUSES } from './profile';

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
