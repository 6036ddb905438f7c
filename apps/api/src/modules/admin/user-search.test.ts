import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const SEARCH = '/api/v1/internal/user/search';
const PHONE_MESSAGE =
  'Enter the phone number as 10 digits without the leading 0, 11 digits with it, or +234 followed by 10 digits';

describe('admin user search by phone number', () => {
  let t: TestApp;
  let adminToken: string;
  let target: Awaited<ReturnType<typeof signedInAccount>>;
  const national = () => target.user.phoneNumber.slice(4);

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await signedInAccount(t, 'ADMIN')).accessToken;
    target = await signedInAccount(t, 'TRANSPORTER', {
      name: 'Onitsha Movers Ltd',
      verificationStatus: 'VERIFIED',
    });
  });
  afterAll(() => t.close());

  const search = (value: string, token = adminToken) =>
    call(t.app, 'GET', `${SEARCH}?q=${encodeURIComponent(`phoneNumber:${value}`)}`, undefined, { token });

  it('finds the user by the 10-digit national number, with role, state and company', async () => {
    const res = await search(national());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: target.user.id,
        firstName: 'Kemi',
        lastName: 'User',
        email: target.email,
        phoneNumber: target.user.phoneNumber,
        userType: 'TRANSPORTER',
        role: 'role_transporter',
        activated: true,
        deactivated: false,
        createdAt: target.user.createdAt.toISOString(),
        company: {
          id: target.company.id,
          name: 'Onitsha Movers Ltd',
          type: 'TRANSPORTER',
          verificationStatus: 'VERIFIED',
        },
      },
    ]);
  });

  it('reads the 11-digit form with the leading 0 and the +234 form as the same number', async () => {
    for (const value of [`0${national()}`, target.user.phoneNumber, ` ${national()} `]) {
      const res = await search(value);
      expect(res.status).toBe(200);
      expect(res.body.map((u: { id: string }) => u.id)).toEqual([target.user.id]);
    }
    // An unencoded + arrives as a space; it still means +234.
    const raw = await call(t.app, 'GET', `${SEARCH}?q=phoneNumber:+234${national()}`, undefined, {
      token: adminToken,
    });
    expect(raw.body.map((u: { id: string }) => u.id)).toEqual([target.user.id]);
  });

  it('shows a deactivated, not yet activated user as such', async () => {
    const dormant = await signedInAccount(t, 'CUSTOMER');
    await t.ctx.db
      .update(users)
      .set({ activatedAt: null, deactivatedAt: new Date() })
      .where(eq(users.id, dormant.user.id));
    const res = await search(dormant.user.phoneNumber);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ userType: 'CUSTOMER', activated: false, deactivated: true });
  });

  it('answers an empty list for an empty value or a number nobody has', async () => {
    expect((await search('')).body).toEqual([]);
    const unknown = national().startsWith('9') ? '8000000000' : '9000000000';
    const res = await search(unknown);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it.each([
    ['9 digits', '803123456'],
    ['12 digits', '080312345678'],
    ['11 digits without the leading 0', '18031234567'],
    ['letters', '080312345ab'],
    ['spaces inside', '0803 123 4567'],
    ['+234 with 9 digits', '+234803123456'],
  ])('answers 400 on q for %s', async (_label, value) => {
    const res = await search(value);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'query.q', message: PHONE_MESSAGE }]);
  });

  it('answers 400 when q is missing or does not start with phoneNumber:', async () => {
    for (const url of [
      SEARCH,
      `${SEARCH}?q=email:${encodeURIComponent('a@b.com')}`,
      `${SEARCH}?q=${national()}`,
    ]) {
      const res = await call(t.app, 'GET', url, undefined, { token: adminToken });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'query.q', message: 'Search as phoneNumber: followed by the phone number' },
      ]);
    }
  });

  it('answers 401 without a token and 403 to everyone but admins', async () => {
    expect((await call(t.app, 'GET', `${SEARCH}?q=phoneNumber:${national()}`)).status).toBe(401);
    for (const type of ['CUSTOMER', 'TRANSPORTER', 'FLEET_MANAGER'] as const) {
      const { accessToken } = await signedInAccount(t, type);
      const res = await search(national(), accessToken);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your account type cannot do this.');
    }
  });
  it('is documented in OpenAPI for admins with its query', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    const operation = res.body.paths['/api/v1/internal/user/search'].get;
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['q']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
