import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the signed-in user with company and country in the spec envelope', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER', { name: 'Onne Haulage Ltd' });
    const res = await call(t.app, 'GET', '/api/v1/user/me', undefined, { token: account.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Successful');
    expect(res.body.data).toMatchObject({
      id: account.user.id,
      email: account.email,
      userType: 'TRANSPORTER',
      role: 'role_transporter',
      activated: true,
      company: {
        id: account.company.id,
        name: 'Onne Haulage Ltd',
        type: 'TRANSPORTER',
        verificationStatus: 'UNVERIFIED',
      },
      country: { name: 'Nigeria', code: 'NG', phoneCode: '+234' },
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('updates name and phone, and refuses a phone that belongs to someone else', async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    const me = () => call(t.app, 'GET', '/api/v1/user/me', undefined, { token: a.accessToken });
    // Remembered from here on (the session cache keeps profiles)...
    expect((await me()).body.data.firstName).toBe(a.user.firstName);
    const ok = await call(
      t.app,
      'PUT',
      '/api/v1/user/me',
      { firstName: 'Bisi', lastName: 'Ogun', phoneNumber: '+2348099990001' },
      { token: a.accessToken },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      firstName: 'Bisi',
      lastName: 'Ogun',
      phoneNumber: '+2348099990001',
    });
    // ...and the change shows on the very next request.
    expect((await me()).body.data).toMatchObject({ firstName: 'Bisi', lastName: 'Ogun' });

    const taken = await call(
      t.app,
      'PUT',
      '/api/v1/user/me',
      { firstName: 'Bisi', lastName: 'Ogun', phoneNumber: '+2348099990001' },
      { token: b.accessToken },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].field).toBe('phoneNumber');
    const bNow = await call(t.app, 'GET', '/api/v1/user/me', undefined, { token: b.accessToken });
    expect(bNow.body.data.phoneNumber).toBe(b.user.phoneNumber);
  });

  it('answers 400 naming each bad field and rejects unknown fields such as email', async () => {
    const a = await signedInAccount(t);
    const res = await call(
      t.app,
      'PUT',
      '/api/v1/user/me',
      { firstName: '', lastName: 'Ogun', phoneNumber: '123', email: 'new@example.com' },
      { token: a.accessToken },
    );
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'phoneNumber', 'email']));
  });

  it('needs a signed-in caller', async () => {
    const res = await call(t.app, 'PUT', '/api/v1/user/me', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+2348011111111',
    });
    expect(res.status).toBe(401);
  });
});
