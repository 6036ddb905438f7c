import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { TERMS_VERSION, type FleetManager, type InviteFleetManagerInput } from '@freightlane/domain';
import { accountTokens, auditLog, fleetManagers, sessions, users } from '../../db/schema';
import {
  decodeJwt,
  GOOD_PASSWORD,
  LOGIN_URL,
  signedInAccount,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts';
import { createTruckViaApi, motorBoyBody } from '../../test/fleet';
import { call, createTestApp, tokenFromMail, type TestApp } from '../../test/test-app';

const MANAGERS = '/api/v1/fleet/managers';
const RESET = '/api/v1/user/password/reset/';
const NEW_PASSWORD = 'Trailer-Route-2027';

function inviteBody(overrides: Partial<InviteFleetManagerInput> & Record<string, unknown> = {}) {
  const { firstName: _f, lastName: _l, ...person } = motorBoyBody();
  return {
    ...person,
    firstName: 'Halima',
    lastName: 'Yusuf',
    email: uniqueEmail('halima'),
    ...overrides,
  } as InviteFleetManagerInput & Record<string, unknown>;
}

describe('fleet managers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invite = async (token: string, overrides: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', MANAGERS, inviteBody(overrides), { token });
    if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as FleetManager;
  };
  const signIn = (email: string, password = NEW_PASSWORD) =>
    call(t.app, 'POST', LOGIN_URL, { username: email, password });
  const invitationToken = async (email: string) => tokenFromMail((await t.mailsTo(email))[0]);
  /** Invites a manager and accepts the invitation; returns the manager and their access token. */
  const acceptedManager = async (owner: { accessToken: string }) => {
    const manager = await invite(owner.accessToken);
    const reset = await call(t.app, 'POST', RESET, {
      resetToken: await invitationToken(manager.email),
      newPassword: NEW_PASSWORD,
      acceptTerms: true,
    });
    expect(reset.status).toBe(200);
    const login = await signIn(manager.email);
    expect(login.status).toBe(200);
    return { manager, accessToken: login.body.accessToken as string };
  };
  const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;

  it('invites a manager who sets a password from the e-mail, signs in as role_fleet_manager and sees the fleet', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER', { name: 'Kano Haulage Ltd' });
    const truck = await createTruckViaApi(t, owner.accessToken);
    const body = inviteBody({ email: '  Halima.Yusuf@Example.com ' });
    const res = await call(t.app, 'POST', MANAGERS, body, { token: owner.accessToken });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      firstName: 'Halima',
      lastName: 'Yusuf',
      phoneNumber: body.phoneNumber,
      email: 'halima.yusuf@example.com',
      address: body.address,
      nextOfKin: body.nextOfKin,
      guarantor: body.guarantor,
      invitationStatus: 'PENDING',
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const [row] = await t.ctx.db
      .select({ manager: fleetManagers, user: users })
      .from(fleetManagers)
      .innerJoin(users, eq(users.id, fleetManagers.userId))
      .where(eq(fleetManagers.id, res.body.id));
    expect(row!.user).toMatchObject({
      companyId: owner.company.id,
      userType: 'FLEET_MANAGER',
      email: 'halima.yusuf@example.com',
      activatedAt: null,
      deactivatedAt: null,
      termsAcceptedAt: null,
    });
    expect(row!.user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.manager).toMatchObject({ companyId: owner.company.id, invitedByUserId: owner.user.id });
    const [token] = await t.ctx.db.select().from(accountTokens).where(eq(accountTokens.userId, row!.user.id));
    expect(token!.purpose).toBe('INVITATION');
    expect((token!.expiresAt.getTime() - token!.createdAt.getTime()) / (24 * 3600 * 1000)).toBeCloseTo(7, 3);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.id));
    expect(audit).toMatchObject({ action: 'fleet_manager.invited', actorUserId: owner.user.id });

    const [mail] = await t.mailsTo('halima.yusuf@example.com');
    expect(mail!.subject).toBe('Kano Haulage Ltd invited you to manage its fleet on Freightlane');
    expect(mail!.text).toContain('Kemi User of Kano Haulage Ltd has made you a fleet manager');
    expect(mail!.text).toContain('expires in 7 days');
    const link = mail!.links.find((l) => l.startsWith('http://localhost:3000/reset/password?token='));
    expect(link).toBeDefined();
    // The page asks an invited manager to accept the terms.
    expect(new URL(link!).searchParams.get('invitation')).toBe('1');

    // Not usable before the password is chosen.
    expect((await signIn('halima.yusuf@example.com', GOOD_PASSWORD)).status).toBe(401);

    const resetToken = new URL(link!).searchParams.get('token')!;
    // Taking the invitation is where a fleet manager accepts the terms; without it the link stays unspent.
    const withoutConsent = await call(t.app, 'POST', RESET, { resetToken, newPassword: NEW_PASSWORD });
    expect(withoutConsent.status).toBe(400);
    expect(withoutConsent.body.errors).toEqual([
      { field: 'acceptTerms', message: 'You must accept the terms and conditions' },
    ]);
    const reset = await call(t.app, 'POST', RESET, {
      resetToken,
      newPassword: NEW_PASSWORD,
      acceptTerms: true,
    });
    expect(reset.status).toBe(200);
    const [consented] = await t.ctx.db.select().from(users).where(eq(users.id, row!.user.id));
    expect(consented!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(consented!.termsVersion).toBe(TERMS_VERSION);
    expect(reset.body).toEqual({ status: 'Successful' });
    const again = await call(t.app, 'POST', RESET, { resetToken, newPassword: 'Other-Route-2029' });
    expect(again.body.code).toBe('TOKEN_USED');

    const login = await signIn('halima.yusuf@example.com');
    expect(login.status).toBe(200);
    expect(login.body.userType).toBe('FLEET_MANAGER');
    expect(decodeJwt(login.body.accessToken).scope).toEqual({ role_fleet_manager: true });
    const seen = await call(t.app, 'GET', '/api/v1/fleet/trucks', undefined, {
      token: login.body.accessToken,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.content.map((x: { id: string }) => x.id)).toEqual([truck.id]);

    const listed = await call(t.app, 'GET', MANAGERS, undefined, { token: owner.accessToken });
    expect(listed.body.content).toEqual([
      { ...res.body, invitationStatus: 'ACCEPTED', updatedAt: listed.body.content[0].updatedAt },
    ]);
    const one = await call(t.app, 'GET', `${MANAGERS}/${res.body.id}`, undefined, {
      token: login.body.accessToken,
    });
    expect(one.body.invitationStatus).toBe('ACCEPTED');
  });

  it('does not take an invitation link as an activation link, and tells when it has expired', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const manager = await invite(owner.accessToken);
    const token = await invitationToken(manager.email);
    const activate = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token });
    expect(activate.status).toBe(400);
    expect(activate.body.code).toBe('TOKEN_INVALID');

    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, manager.email));
    await t.ctx.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.userId, user!.id));
    const res = await call(t.app, 'POST', RESET, { resetToken: token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(res.body.message).toMatch(/invitation link has expired \(links last 7 days\)/);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, user!.id));
    expect(after!.activatedAt).toBeNull();
  });

  it('lets only the owner account invite: 401 without a token, 403 to fleet managers, customers and admins', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const { accessToken: managerToken } = await acceptedManager(owner);
    const before = await userCount();
    expect((await call(t.app, 'POST', MANAGERS, inviteBody())).status).toBe(401);
    const customer = await signedInAccount(t, 'CUSTOMER');
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [managerToken, customer.accessToken, admin.accessToken]) {
      const res = await call(t.app, 'POST', MANAGERS, inviteBody(), { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your account type cannot do this.');
    }
    expect(await userCount()).toBe(before + 2);
    for (const token of [customer.accessToken, admin.accessToken]) {
      expect((await call(t.app, 'GET', MANAGERS, undefined, { token })).status).toBe(403);
    }
  });

  it('refuses an e-mail or phone used by any account with 409 naming the field, writing nothing', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const someoneElse = await signedInAccount(t, 'CUSTOMER');
    const before = await userCount();
    const sameEmail = await call(
      t.app,
      'POST',
      MANAGERS,
      inviteBody({ email: someoneElse.email.toUpperCase() }),
      {
        token: owner.accessToken,
      },
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual([
      { field: 'email', message: 'This e-mail address is already used by another Freightlane account.' },
    ]);
    const samePhone = await call(
      t.app,
      'POST',
      MANAGERS,
      inviteBody({ phoneNumber: someoneElse.user.phoneNumber }),
      { token: owner.accessToken },
    );
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.errors[0].field).toBe('phoneNumber');
    expect(await userCount()).toBe(before);
    const managers = await call(t.app, 'GET', MANAGERS, undefined, { token: owner.accessToken });
    expect(managers.body.totalElements).toBe(0);
  });

  it.each([
    ['email', { email: 'halima@' }, 'Enter a valid email address'],
    [
      'phoneNumber',
      { phoneNumber: '8031234567' },
      'Enter a Nigerian phone number as +234 followed by 10 digits',
    ],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['nextOfKin', { nextOfKin: undefined }, 'Invalid input: expected object, received undefined'],
    ['password', { password: GOOD_PASSWORD }, 'Unknown field'],
  ])('answers 400 naming %s', async (field, override, message) => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const before = await userCount();
    const res = await call(t.app, 'POST', MANAGERS, inviteBody(override), { token: owner.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await userCount()).toBe(before);
  });

  it("answers 404 for another company's manager", async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const manager = await invite(owner.accessToken);
    const { accessToken: token } = await signedInAccount(t, 'TRANSPORTER');
    const answers = await Promise.all([
      call(t.app, 'GET', `${MANAGERS}/${manager.id}`, undefined, { token }),
      call(t.app, 'PATCH', `${MANAGERS}/${manager.id}`, { lastName: 'X' }, { token }),
      call(t.app, 'PATCH', `${MANAGERS}/${manager.id}/active`, { active: false }, { token }),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 3 }, () => [404, 'Fleet manager not found']),
    );
    expect((await call(t.app, 'GET', MANAGERS, undefined, { token })).body.totalElements).toBe(0);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, manager.email));
    expect(user).toMatchObject({ lastName: 'Yusuf', deactivatedAt: null });
  });

  it('edits name and phone on the login and the rest on the staff record', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const { manager, accessToken } = await acceptedManager(owner);
    const phoneNumber = uniquePhone();
    const address = { ...manager.address, street: '9 Murtala Way' };
    const res = await call(
      t.app,
      'PATCH',
      `${MANAGERS}/${manager.id}`,
      { lastName: 'Abdullahi', phoneNumber, address, email: manager.email },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...manager,
      lastName: 'Abdullahi',
      phoneNumber,
      address,
      invitationStatus: 'ACCEPTED',
      updatedAt: res.body.updatedAt,
    });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, manager.email));
    expect(user).toMatchObject({ lastName: 'Abdullahi', phoneNumber });
    const [staff] = await t.ctx.db.select().from(fleetManagers).where(eq(fleetManagers.id, manager.id));
    expect(staff!.address.street).toBe('9 Murtala Way');
    // The manager's own profile shows the change.
    const me = await call(t.app, 'GET', '/api/v1/user/me', undefined, { token: accessToken });
    expect(me.body.data).toMatchObject({ lastName: 'Abdullahi', phoneNumber });

    const taken = await call(
      t.app,
      'PATCH',
      `${MANAGERS}/${manager.id}`,
      { phoneNumber: owner.user.phoneNumber },
      { token: owner.accessToken },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].field).toBe('phoneNumber');

    const newEmail = await call(
      t.app,
      'PATCH',
      `${MANAGERS}/${manager.id}`,
      { email: uniqueEmail('other') },
      { token: owner.accessToken },
    );
    expect(newEmail.status).toBe(400);
    expect(newEmail.body.errors[0]).toMatchObject({ field: 'email' });
    expect(newEmail.body.message).toMatch(/accepted the invitation/);
  });

  it('sends the invitation again to a corrected address while it is pending; the old link stops working', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const manager = await invite(owner.accessToken, { email: uniqueEmail('typo') });
    const oldToken = await invitationToken(manager.email);
    const corrected = uniqueEmail('halima.fixed');
    const res = await call(
      t.app,
      'PATCH',
      `${MANAGERS}/${manager.id}`,
      { email: corrected },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: corrected, invitationStatus: 'PENDING' });
    const stale = await call(t.app, 'POST', RESET, { resetToken: oldToken, newPassword: NEW_PASSWORD });
    expect(stale.body.code).toBe('TOKEN_USED');
    const fresh = await call(t.app, 'POST', RESET, {
      resetToken: await invitationToken(corrected),
      newPassword: NEW_PASSWORD,
      acceptTerms: true,
    });
    expect(fresh.status).toBe(200);
    expect((await signIn(corrected)).status).toBe(200);
  });

  it('deactivating blocks sign-in and ends live sessions; activating again restores both', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const { manager, accessToken } = await acceptedManager(owner);
    const url = `${MANAGERS}/${manager.id}/active`;
    const off = await call(t.app, 'PATCH', url, { active: false }, { token: owner.accessToken });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: manager.id, active: false });

    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, manager.email));
    expect(user!.deactivatedAt).toBeInstanceOf(Date);
    const live = await t.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user!.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await call(t.app, 'GET', '/api/v1/fleet/trucks', undefined, { token: accessToken })).status).toBe(
      401,
    );
    const blocked = await signIn(manager.email);
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toMatch(/deactivated/);
    const listed = await call(t.app, 'GET', `${MANAGERS}?available=true`, undefined, {
      token: owner.accessToken,
    });
    expect(listed.body.totalElements).toBe(0);

    const on = await call(t.app, 'PATCH', url, { active: true }, { token: owner.accessToken });
    expect(on.body.active).toBe(true);
    const [back] = await t.ctx.db.select().from(users).where(eq(users.id, user!.id));
    expect(back!.deactivatedAt).toBeNull();
    const login = await signIn(manager.email);
    expect(login.status).toBe(200);
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, manager.id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual([
      'fleet_manager.activated',
      'fleet_manager.deactivated',
      'fleet_manager.invited',
    ]);
  });

  it('keeps a manager from deactivating themselves', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const { manager, accessToken } = await acceptedManager(owner);
    const res = await call(
      t.app,
      'PATCH',
      `${MANAGERS}/${manager.id}/active`,
      { active: false },
      { token: accessToken },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You cannot deactivate your own account. Ask the company owner.');
    expect((await signIn(manager.email)).status).toBe(200);
  });

  it('searches managers by name, phone and e-mail, and filters by active', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const amaka = await invite(owner.accessToken, { firstName: 'Amaka', email: uniqueEmail('amaka') });
    const femi = await invite(owner.accessToken, { firstName: 'Femi', phoneNumber: '+2347011122233' });
    const ids = async (query: string) =>
      (
        (await call(t.app, 'GET', `${MANAGERS}?${query}`, undefined, { token: owner.accessToken })).body
          .content as FleetManager[]
      ).map((m) => m.id);
    expect(await ids('q=amaka')).toEqual([amaka.id]);
    expect(await ids('q=07011122233')).toEqual([femi.id]);
    expect(await ids(`q=${encodeURIComponent(amaka.email)}`)).toEqual([amaka.id]);
    await call(
      t.app,
      'PATCH',
      `${MANAGERS}/${femi.id}/active`,
      { active: false },
      { token: owner.accessToken },
    );
    expect(await ids('active=true')).toEqual([amaka.id]);
    expect(await ids('active=false')).toEqual([femi.id]);
    const bad = await call(t.app, 'GET', `${MANAGERS}?active=perhaps`, undefined, {
      token: owner.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: 'query.active', message: 'active is true or false' });
  });
});
