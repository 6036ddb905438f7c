import { randomInt } from 'node:crypto';
import {
  TERMS_VERSION,
  type Address,
  type CompanyType,
  type UserType,
  type VerificationStatus,
} from '@freightlane/domain';
import type { Executor } from '../client';
import { companies, users } from '../schema';
import { hashPassword } from '../../lib/password-hash';

const hashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; seeds and tests reuse one hash per password. */
export function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

export function randomNigerianPhone(): string {
  return `+2348${randomInt(0, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface CompanySeed {
  name: string;
  type: CompanyType;
  verificationStatus?: VerificationStatus;
  cacRegistrationNumber?: string;
  tin?: string;
  address?: Address;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
}

export interface UserSeed {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  userType: UserType;
  activated?: boolean;
  /**
   * Whether the person accepted the terms, as sign-up and a taken invitation record it. By default
   * everyone did except a fleet manager whose invitation is still open.
   */
  acceptedTerms?: boolean;
}

export async function createCompany(db: Executor, seed: CompanySeed) {
  const verified = seed.verificationStatus === 'VERIFIED';
  const [row] = await db
    .insert(companies)
    .values({
      ...seed,
      verificationStatus: seed.verificationStatus ?? 'UNVERIFIED',
      verifiedAt: verified ? new Date() : null,
    })
    .returning();
  return row!;
}

export async function createUser(db: Executor, companyId: string, seed: UserSeed) {
  const now = new Date();
  const acceptedTerms =
    seed.acceptedTerms ?? !(seed.userType === 'FLEET_MANAGER' && seed.activated === false);
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      email: seed.email.toLowerCase(),
      phoneNumber: seed.phoneNumber ?? randomNigerianPhone(),
      firstName: seed.firstName ?? 'Test',
      lastName: seed.lastName ?? 'User',
      passwordHash: await cachedHash(seed.password),
      userType: seed.userType,
      activatedAt: seed.activated === false ? null : now,
      termsAcceptedAt: acceptedTerms ? now : null,
      termsVersion: acceptedTerms ? TERMS_VERSION : null,
    })
    .returning();
  return row!;
}

/** A user with a company of its own, the way sign-up makes them. */
export async function createAccount(db: Executor, user: UserSeed, company: Partial<CompanySeed> = {}) {
  const type: CompanyType =
    user.userType === 'CUSTOMER' ? 'CUSTOMER' : user.userType === 'ADMIN' ? 'PLATFORM' : 'TRANSPORTER';
  const created = await createCompany(db, { name: `${user.firstName ?? 'Test'} Company`, type, ...company });
  return { company: created, user: await createUser(db, created.id, user) };
}
