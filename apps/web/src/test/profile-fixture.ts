import { profileSchema, type Profile } from '@freightlane/domain';
import { apiFixture } from './api-fixture';

type CompanyFields = Partial<Profile['company']>;
type UserFields = Partial<Omit<Profile, 'company' | 'country'>>;

/** A country other than Nigeria, so a phone code written into the web app would show in a test. */
export const GHANA: Profile['country'] = { name: 'Ghana', code: 'GH', phoneCode: '+233' };
export const NIGERIA: Profile['country'] = { name: 'Nigeria', code: 'NG', phoneCode: '+234' };

/**
 * GET /user/me's `data`, parsed with the domain's schema: a transporter of an unverified company in
 * Nigeria unless the test says otherwise.
 */
export function profileFixture(
  user: UserFields = {},
  company: CompanyFields = {},
  country: Profile['country'] = NIGERIA,
): Profile {
  return apiFixture(profileSchema, {
    id: 'u1',
    email: 'musa@eko-haulage.ng',
    firstName: 'Musa',
    lastName: 'Bello',
    phoneNumber: '+2348031234567',
    phoneVerifiedAt: null,
    language: 'en-NG',
    userType: 'TRANSPORTER',
    role: 'role_transporter',
    activated: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...user,
    company: {
      id: 'c1',
      name: 'Eko Haulage Ltd',
      type: 'TRANSPORTER',
      cacRegistrationNumber: null,
      tin: null,
      address: null,
      contactName: null,
      contactPhone: null,
      contactEmail: null,
      verificationStatus: 'UNVERIFIED',
      rejectionReason: null,
      ...company,
    },
    country,
  });
}
