import { randomBytes, randomInt } from 'node:crypto';
import type { UserType } from '@freightlane/domain';
import { createAccount } from '../db/seed/factories';
import { call, type TestApp } from './test-app';

export const GOOD_PASSWORD = 'Sturdy-Cargo-2026';
export const LOGIN_URL = '/api/v1/auth/login?clientId=WEB_CLIENT_APP';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

export function uniquePhone(): string {
  return `+2348${randomInt(0, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    firstName: 'Ngozi',
    lastName: 'Adebayo',
    companyName: 'Adebayo Clearing Ltd',
    phoneNumber: uniquePhone(),
    password: GOOD_PASSWORD,
    type: 'CUSTOMER',
    acceptTerms: true,
    ...overrides,
  };
}

export function decodeJwt(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** An active user with a company, created directly in the database, signed in through the API. */
export async function signedInAccount(
  t: TestApp,
  userType: UserType = 'CUSTOMER',
  company: Parameters<typeof createAccount>[2] = {},
) {
  const email = uniqueEmail(userType.toLowerCase());
  const { user, company: co } = await createAccount(
    t.ctx.db,
    { email, password: GOOD_PASSWORD, userType, firstName: 'Kemi' },
    company,
  );
  const res = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    user,
    company: co,
    email,
    accessToken: res.body.accessToken as string,
    refreshToken: res.body.refreshToken as string,
  };
}
