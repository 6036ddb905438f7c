import { z } from 'zod';
import { COMPANY_TYPES, ROLES, USER_TYPES } from '../roles';
import { NIGERIAN_STATES } from '../nigeria';
import { isLgaOfState } from '../nigeria-lgas';
import { LOCALES } from '../i18n/locales';
import { emailField, nameField, phoneE164Field } from './common';

export const VERIFICATION_STATUSES = ['UNVERIFIED', 'PENDING_REVIEW', 'VERIFIED', 'REJECTED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const addressSchema = z
  .strictObject({
    street: z.string().trim().min(1, 'Street is required').max(200),
    neighborhood: z.string().trim().max(120).default(''),
    lga: z.string().trim().min(1, 'LGA is required').max(120),
    city: z.string().trim().min(1, 'City is required').max(120),
    state: z.enum(NIGERIAN_STATES, { error: 'Choose one of the 36 states or FCT' }),
  })
  .superRefine((address, ctx) => {
    if (!isLgaOfState(address.state, address.lga)) {
      ctx.addIssue({ code: 'custom', path: ['lga'], message: `Choose an LGA of ${address.state}` });
    }
  });
export type Address = z.infer<typeof addressSchema>;

export const countrySchema = z.object({ name: z.string(), code: z.string(), phoneCode: z.string() });

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  cacRegistrationNumber: z.string().nullable(),
  tin: z.string().nullable(),
  address: addressSchema.nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  /** When this number was proved by a code; null until it is, and again after the number changes. */
  phoneVerifiedAt: z.string().nullable(),
  /** The language texts and messages reach the person in (English (Nigeria) until they choose). */
  language: z.enum(LOCALES),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  activated: z.boolean(),
  createdAt: z.string(),
  company: companySchema,
  country: countrySchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** GET/PUT /api/v1/user/me answer the spec's envelope: status 'Successful' and data. */
export const profileResponse = z.object({ status: z.literal('Successful'), data: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const updateProfileRequest = z.strictObject({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  phoneNumber: phoneE164Field,
  /** Left out, the language stays as it is. */
  language: z.enum(LOCALES, { error: 'Choose English, Pidgin, Hausa, Yorùbá or Igbo' }).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** CAC numbers: RC for companies, BN for business names, IT for incorporated trustees. */
export const CAC_NUMBER = /^(RC|BN|IT)\s?\d{4,8}$/i;
/** FIRS TIN: the older 8+4 form (12345678-0001) or the 10-digit joint TIN. */
export const TIN_NUMBER = /^(\d{8}-\d{4}|\d{10})$/;

export const updateCompanyRequest = z.strictObject({
  name: z.string().trim().min(2, 'Company name must be at least 2 characters').max(120),
  cacRegistrationNumber: z
    .string()
    .trim()
    .regex(CAC_NUMBER, 'Enter the CAC number as RC, BN or IT followed by its digits, e.g. RC 1234567')
    .transform((v) => v.toUpperCase().replace(/^(RC|BN|IT)\s?/, '$1 ')),
  tin: z.string().trim().regex(TIN_NUMBER, 'Enter the TIN as 12345678-0001 or 10 digits'),
  address: addressSchema,
  contactName: nameField('Contact name'),
  contactPhone: phoneE164Field,
  contactEmail: emailField,
});
export type UpdateCompanyRequest = z.infer<typeof updateCompanyRequest>;

export const companyResponse = z.object({ status: z.literal('Successful'), data: companySchema });
export type CompanyResponse = z.infer<typeof companyResponse>;
