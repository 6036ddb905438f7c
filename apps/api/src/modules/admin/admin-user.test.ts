import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, fleetManagers, sessions, users } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { driverBody, signedInFleetManagerOf } from '../../test/fleet';
import { call, createTestApp, tokenFromMail, type TestApp } from '../../test/test-app';

const USERS = '/api/v1/admin/users';

describe('admin: users', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAccount(t, 'ADMIN');
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin.accessToken) => call(t.app, 'GET', url, undefined, { token });
  const post = (url: string, body?: unknown, token = admin.accessToken) =>
    call(t.app, 'POST', url, body, { token });
  const login = (email: string) =>
    call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
  const me = (token: string) => get('/api/v1/user/me', token);
  const ids = (body: Record<string, any>) => body.content.map((u: { id: string }) => u.id);

  /** A user who signed up but never opened the activation link. */
  async function dormantUser(companyId: string, firstName = 'Dormant') {
    const email = uniqueEmail('dormant');
    const user = await createUser(t.ctx.db, companyId, {
      email,
      password: GOOD_PASSWORD,
      userType: 'CUSTOMER',
      firstName,
      activated: false,
    });
    return { user, email };
  }

  describe('the list', () => {
    it('finds users by name, e-mail or phone however it is typed, with status and last sign-in', async () => {
      const tag = `Zubair${Date.now().toString(36)}`;
      const account = await signedInAccount(t, 'TRANSPORTER', { name: 'Zaria Haulage Ltd' });
      await t.ctx.db.update(users).set({ lastName: tag }).where(eq(users.id, account.user.id));
      const national = account.user.phoneNumber.slice(4);

      const byName = await get(`${USERS}?q=${encodeURIComponent(`kemi ${tag}`)}`);
      expect(byName.status).toBe(200);
      expect(byName.body).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 20 });
      expect(byName.body.content[0]).toEqual({
        id: account.user.id,
        firstName: 'Kemi',
        lastName: tag,
        email: account.email,
        phoneNumber: account.user.phoneNumber,
        userType: 'TRANSPORTER',
        role: 'role_transporter',
        activated: true,
        deactivated: false,
        status: 'ACTIVE',
        createdAt: account.user.createdAt.toISOString(),
        lastSignInAt: expect.any(String),
        company: {
          id: account.company.id,
          name: 'Zaria Haulage Ltd',
          type: 'TRANSPORTER',
          verificationStatus: 'UNVERIFIED',
        },
      });
      for (const q of [
        account.email.toUpperCase(),
        `0${national}`,
        national,
        `+234${national}`,
        `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
      ]) {
        const res = await get(`${USERS}?q=${encodeURIComponent(q)}`);
        expect(ids(res.body)).toContain(account.user.id);
      }
      const nobody = await get(`${USERS}?q=${encodeURIComponent('no such person anywhere')}`);
      expect(nobody.body).toMatchObject({ totalElements: 0, content: [] });
    });

    it('filters by company, role and account status, newest first, a page at a time', async () => {
      const owner = await signedInAccount(t, 'TRANSPORTER');
      const manager = await signedInFleetManagerOf(t, owner);
      const dormant = await dormantUser(owner.company.id);
      const stopped = await createUser(t.ctx.db, owner.company.id, {
        email: uniqueEmail('stopped'),
        password: GOOD_PASSWORD,
        userType: 'FLEET_MANAGER',
      });
      await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, stopped.id));

      const company = `${USERS}?companyId=${owner.company.id}`;
      expect(ids((await get(company)).body)).toEqual([
        stopped.id,
        dormant.user.id,
        manager.user.id,
        owner.user.id,
      ]);
      expect(ids((await get(`${company}&role=role_fleet_manager`)).body)).toEqual([
        stopped.id,
        manager.user.id,
      ]);
      expect(ids((await get(`${company}&status=ACTIVE`)).body)).toEqual([manager.user.id, owner.user.id]);
      expect(ids((await get(`${company}&status=NOT_ACTIVATED`)).body)).toEqual([dormant.user.id]);
      expect(ids((await get(`${company}&status=DEACTIVATED`)).body)).toEqual([stopped.id]);
      const dormantRow = (await get(`${company}&status=NOT_ACTIVATED`)).body.content[0];
      expect(dormantRow).toMatchObject({ status: 'NOT_ACTIVATED', activated: false, lastSignInAt: null });

      const page = await get(`${company}&size=3&page=1`);
      expect(page.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3 });
      expect(ids(page.body)).toEqual([owner.user.id]);
    });

    it.each([
      ['role', '?role=role_superuser', 'query.role'],
      ['status', '?status=SLEEPING', 'query.status'],
      ['companyId', '?companyId=acme', 'query.companyId'],
      ['q over 100 characters', `?q=${'a'.repeat(101)}`, 'query.q'],
      ['a NUL byte in q', `?q=${encodeURIComponent('Kemi\u0000')}`, 'query.q'],
      ['size', '?size=101', 'query.size'],
      ['page', '?page=-1', 'query.page'],
    ])('answers 400 naming the field for a bad %s', async (_label, query, field) => {
      const res = await get(`${USERS}${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  });

  describe('one user', () => {
    it('shows the profile, company, live sign-ins, activation and the last sign-in', async () => {
      const account = await signedInAccount(t, 'CUSTOMER', { name: 'Onikan Foods Ltd' });
      await login(account.email);
      // A signed-out session no longer counts.
      const third = await login(account.email);
      await call(t.app, 'POST', '/api/v1/auth/logout', { refreshToken: third.body.refreshToken });

      const res = await get(`${USERS}/${account.user.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: account.user.id,
        email: account.email,
        status: 'ACTIVE',
        activatedAt: account.user.activatedAt!.toISOString(),
        deactivatedAt: null,
        deactivationReason: null,
        erasedAt: null,
        termsAcceptedAt: expect.any(String),
        liveSessionCount: 2,
        lastSignInAt: expect.any(String),
        company: {
          id: account.company.id,
          name: 'Onikan Foods Ltd',
          type: 'CUSTOMER',
          verificationStatus: 'UNVERIFIED',
          suspendedAt: null,
        },
      });
      const [newest] = await t.ctx.db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.userId, account.user.id))
        .orderBy(sessions.createdAt)
        .then((rows) => rows.slice(-1));
      expect(res.body.lastSignInAt).toBe(newest!.createdAt.toISOString());
    });

    it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
      const unknown = crypto.randomUUID();
      for (const res of [
        await get(`${USERS}/${unknown}`),
        await post(`${USERS}/${unknown}/deactivate`, { reason: 'Left the company' }),
        await post(`${USERS}/${unknown}/reactivate`),
        await post(`${USERS}/${unknown}/resend-activation`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('User not found');
      }
      const bad = await get(`${USERS}/not-a-uuid`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ field: 'params.id', message: 'User not found' });
    });
  });

  describe('deactivate and reactivate', () => {
    it('ends every session at once, refuses sign-in, records the reason, and can be undone', async () => {
      const account = await signedInAccount(t, 'CUSTOMER');
      const second = await login(account.email);
      expect((await me(account.accessToken)).status).toBe(200);

      const res = await post(`${USERS}/${account.user.id}/deactivate`, {
        reason: '  Left the company in October ',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'DEACTIVATED',
        deactivated: true,
        deactivatedAt: expect.any(String),
        deactivationReason: 'Left the company in October',
        liveSessionCount: 0,
      });
      expect((await me(account.accessToken)).status).toBe(401);
      expect((await me(second.body.accessToken)).status).toBe(401);
      const revoked = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, account.user.id));
      expect(revoked.map((s) => s.revokedReason)).toEqual(['DEACTIVATED', 'DEACTIVATED']);
      const refused = await login(account.email);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'This account has been deactivated. Contact your company administrator.',
      );

      const again = await post(`${USERS}/${account.user.id}/deactivate`, { reason: 'Twice' });
      expect(again.status).toBe(409);

      const back = await post(`${USERS}/${account.user.id}/reactivate`);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ status: 'ACTIVE', deactivatedAt: null, deactivationReason: null });
      expect((await login(account.email)).status).toBe(200);
      expect((await post(`${USERS}/${account.user.id}/reactivate`)).status).toBe(409);

      const rows = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, account.user.id)))
        .orderBy(auditLog.id);
      const changes = rows.filter((r) => r.action !== 'user.signed_in');
      expect(changes.map((r) => [r.action, r.actorUserId, r.companyId])).toEqual([
        ['user.deactivated', admin.user.id, account.company.id],
        ['user.reactivated', admin.user.id, account.company.id],
      ]);
      expect(changes[0]!.data).toEqual({
        reason: 'Left the company in October',
        before: { deactivatedAt: null },
        after: { deactivatedAt: res.body.deactivatedAt },
      });
      expect(changes[1]!.data).toEqual({
        before: { deactivatedAt: res.body.deactivatedAt },
        after: { deactivatedAt: null },
      });
    });

    it('does not let an admin deactivate themself', async () => {
      const res = await post(`${USERS}/${admin.user.id}/deactivate`, { reason: 'Leaving' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('You cannot deactivate your own account. Ask another admin.');
      expect((await me(admin.accessToken)).status).toBe(200);
    });

    it('leaves a fleet manager switched off by their company, and an erased account, switched off', async () => {
      const owner = await signedInAccount(t, 'TRANSPORTER');
      const manager = await signedInFleetManagerOf(t, owner);
      // The fleet API's person fields, as the staff record stores them (the body fills every one).
      const { address, nextOfKin, guarantor } = driverBody() as unknown as Pick<
        typeof fleetManagers.$inferInsert,
        'address' | 'nextOfKin' | 'guarantor'
      >;
      const staffRecord: typeof fleetManagers.$inferInsert = {
        companyId: owner.company.id,
        userId: manager.user.id,
        address,
        nextOfKin,
        guarantor,
        active: false,
      };
      await t.ctx.db.insert(fleetManagers).values(staffRecord);
      await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, manager.user.id));
      const refused = await post(`${USERS}/${manager.user.id}/reactivate`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/deactivated by their company/);

      const erased = await signedInAccount(t, 'CUSTOMER');
      await t.ctx.db
        .update(users)
        .set({ deactivatedAt: new Date(), erasedAt: new Date() })
        .where(eq(users.id, erased.user.id));
      const gone = await post(`${USERS}/${erased.user.id}/reactivate`);
      expect(gone.status).toBe(409);
      expect(gone.body.message).toBe(
        "This account was erased at the person's request and cannot be reactivated.",
      );
    });

    it.each([
      ['no reason', {}],
      ['a blank reason', { reason: '  ' }],
      ['a reason over 500 characters', { reason: 'r'.repeat(501) }],
      ['a NUL byte in the reason', { reason: 'Fraud\u0000' }],
    ])('answers 400 on the reason for %s and leaves the account alone', async (_label, body) => {
      const account = await signedInAccount(t, 'CUSTOMER');
      const res = await post(`${USERS}/${account.user.id}/deactivate`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('reason');
      expect((await me(account.accessToken)).status).toBe(200);
    });
  });

  describe('resend activation', () => {
    it('e-mails a new activation link that works, and the earlier one stops working', async () => {
      const owner = await signedInAccount(t, 'CUSTOMER');
      const dormant = await dormantUser(owner.company.id, 'Chidi');
      const first = await post(`${USERS}/${dormant.user.id}/resend-activation`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: dormant.user.id, status: 'NOT_ACTIVATED' });
      const firstToken = tokenFromMail((await t.mailsTo(dormant.email))[0]);

      expect((await post(`${USERS}/${dormant.user.id}/resend-activation`)).status).toBe(200);
      const [mail] = await t.mailsTo(dormant.email);
      expect(mail?.subject).toBe('Activate your Freightlane account');
      expect(mail?.text).toContain('Hello Chidi,');
      const token = tokenFromMail(mail);
      expect(token).not.toBe(firstToken);

      const stale = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token: firstToken });
      expect(stale.status).toBe(400);
      const ok = await call(t.app, 'POST', '/api/v1/user/enrolment/activate', { token });
      expect(ok.status).toBeLessThan(300);
      expect((await login(dormant.email)).status).toBe(200);

      const [row] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, dormant.user.id), eq(auditLog.action, 'user.activation_resent')))
        .limit(1);
      expect(row).toMatchObject({ actorUserId: admin.user.id, companyId: owner.company.id });
    });

    it('answers 409 for an active account, a deactivated one and a fleet manager', async () => {
      const active = await signedInAccount(t, 'CUSTOMER');
      const res = await post(`${USERS}/${active.user.id}/resend-activation`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This account is already active.');

      const dormant = await dormantUser(active.company.id);
      await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, dormant.user.id));
      expect((await post(`${USERS}/${dormant.user.id}/resend-activation`)).status).toBe(409);

      const owner = await signedInAccount(t, 'TRANSPORTER');
      const invited = await createUser(t.ctx.db, owner.company.id, {
        email: uniqueEmail('invited'),
        password: GOOD_PASSWORD,
        userType: 'FLEET_MANAGER',
        activated: false,
      });
      const manager = await post(`${USERS}/${invited.id}/resend-activation`);
      expect(manager.status).toBe(409);
      expect(manager.body.message).toMatch(/invitation/);
      expect(await t.mailsTo(invited.email)).toEqual([]);
    });
  });

  it('answers 401 without a token and 403 to customers, transporters and fleet managers on every endpoint', async () => {
    const customer = await signedInAccount(t, 'CUSTOMER');
    const transporter = await signedInAccount(t, 'TRANSPORTER');
    const fleetManager = await signedInFleetManagerOf(t, transporter);
    const target = `${USERS}/${customer.user.id}`;
    const requests: [string, string, unknown][] = [
      ['GET', USERS, undefined],
      ['GET', target, undefined],
      ['POST', `${target}/deactivate`, { reason: 'Not allowed' }],
      ['POST', `${target}/reactivate`, undefined],
      ['POST', `${target}/resend-activation`, undefined],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(t.app, method as 'GET', url, body)).status).toBe(401);
      for (const token of [customer.accessToken, transporter.accessToken, fleetManager.accessToken]) {
        const res = await call(t.app, method as 'GET', url, body, { token });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Your account type cannot do this.');
      }
    }
    expect((await me(customer.accessToken)).status).toBe(200);
  });
});
