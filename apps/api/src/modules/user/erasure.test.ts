import { and, eq, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION, tripTimeline } from '@freightlane/domain';
import {
  accountTokens,
  auditLog,
  notificationPreferences,
  notifications,
  orders,
  pushSubscriptions,
  sessions,
  smsMessages,
  users,
  whatsappInboundMessages,
  whatsappMessages,
} from '../../db/schema';
import {
  decodeJwt,
  GOOD_PASSWORD,
  LOGIN_URL,
  signedInAccount,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts';
import { awardedOrder, setTripState } from '../../test/awarded-trips';
import { signedInFleetManagerOf } from '../../test/fleet';
import { createVerifiedCustomer, createVerifiedTransporter, placeOrderViaApi } from '../../test/marketplace';
import { queueSms } from '../sms';
import { queueWhatsapp } from '../whatsapp';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

const ERASE_ME = '/api/v1/user/me/erasure';
const eraseUser = (id: string) => `/api/v1/admin/users/${id}/erasure`;

describe('erasing an account (Nigeria Data Protection Act 2023)', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const me = (token: string) => call(t.app, 'GET', '/api/v1/user/me', undefined, { token });
  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const signIn = (email: string, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD }, { headers });
  /** Every audit row that is not about this user, in a stable order, to compare before and after. */
  const auditRowsNotAbout = (userId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(or(ne(auditLog.entityType, 'user'), ne(auditLog.entityId, userId)))
      .orderBy(auditLog.id);

  describe('by the person, POST /api/v1/user/me/erasure', () => {
    it('refuses bad input with 400 naming the field, and a wrong password on the password field', async () => {
      const person = await signedInAccount(t, 'CUSTOMER');
      const erase = (body: unknown) => call(t.app, 'POST', ERASE_ME, body, { token: person.accessToken });
      const cases: [unknown, string][] = [
        [{}, 'password'],
        [{ password: '' }, 'password'],
        [{ password: 'x'.repeat(129) }, 'password'],
        [{ password: 'Sturdy\u0000Cargo' }, 'password'],
        [{ password: GOOD_PASSWORD, everything: true }, 'everything'],
      ];
      for (const [body, field] of cases) {
        const res = await erase(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      const wrong = await erase({ password: 'Not-The-Password-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([{ field: 'password', message: 'The password is not correct.' }]);

      expect((await call(t.app, 'POST', ERASE_ME, { password: GOOD_PASSWORD })).status).toBe(401);
      const row = await userRow(person.user.id);
      expect(row).toMatchObject({ email: person.email, erasedAt: null, deactivatedAt: null });
      expect((await me(person.accessToken)).status).toBe(200);
    });

    it('stops guessing the password after 5 wrong tries', async () => {
      const person = await signedInAccount(t, 'TRANSPORTER');
      const erase = (password: string) =>
        call(t.app, 'POST', ERASE_ME, { password }, { token: person.accessToken });
      for (let i = 0; i < 5; i++) expect((await erase(`Wrong-Guess-${i}x`)).status).toBe(400);
      expect((await erase(GOOD_PASSWORD)).status).toBe(429);
      expect((await userRow(person.user.id)).erasedAt).toBeNull();
    });

    it('anonymises a fleet manager, signs out every session at once, blanks the audit rows about them and keeps the trips', async () => {
      const manager = await signedInFleetManagerOf(t, w.transporter, {
        firstName: 'Halima',
        lastName: 'Yusuf',
      });
      const id = manager.user.id;
      const before = await userRow(id);

      // Work on a trip that must outlive the person.
      const trip = await w.newTrip();
      await w.assignFleet(trip.id);
      const firstStep = tripTimeline((await w.tripRow(trip.id)).cargoType)[0]!;
      const moved = await call(
        t.app,
        'PATCH',
        `/api/v1/trips/${trip.id}/status`,
        { tripStatus: firstStep },
        { token: manager.accessToken },
      );
      expect(moved.status).toBe(200);
      const note = 'Truck waits at the Tin Can gate; documents with the driver.';
      expect(
        (await call(t.app, 'PATCH', `/api/v1/trips/${trip.id}`, { note }, { token: manager.accessToken }))
          .status,
      ).toBe(200);

      // What only serves the person: a profile change (audited about them), a second device, its push
      // subscription, a notification choice and a notification.
      const newPhone = uniquePhone();
      const renamed = await call(
        t.app,
        'PUT',
        '/api/v1/user/me',
        { firstName: 'Halima', lastName: 'Yusuf-Bello', phoneNumber: newPhone },
        { token: manager.accessToken },
      );
      expect(renamed.status).toBe(200);
      const phone = await signIn(manager.email, {
        deviceid: 'push-token-of-halima',
        'user-agent': 'Tecno Spark',
      });
      expect(phone.status).toBe(200);
      await t.ctx.db.insert(pushSubscriptions).values({
        userId: id,
        sessionId: decodeJwt(phone.body.accessToken).sid,
        endpoint: 'https://push.example.com/halima',
        p256dh: 'key-p256dh',
        auth: 'key-auth',
      });
      await t.ctx.db
        .insert(notificationPreferences)
        .values({ userId: id, kind: 'BID_WON', channel: 'EMAIL', enabled: false });
      await t.ctx.db.insert(notifications).values({
        userId: id,
        kind: 'TRIP_STATUS_CHANGED',
        title: 'Trip moved',
        body: 'Halima, your trip moved.',
        sourceKey: `test:${id}`,
      });
      // Text messages to the person's number: one delivered, one still waiting to go; one to someone else.
      const sms = (to: string, text: string) =>
        queueSms(t.ctx, t.ctx.db, { to, text, purpose: 'trip-status', companyId: before.companyId });
      const delivered = await sms(newPhone, 'Halima, TRP-2026-000321 is loaded.');
      await t.ctx.db.update(smsMessages).set({ status: 'DELIVERED' }).where(eq(smsMessages.id, delivered.id));
      const waiting = await sms(newPhone, 'Halima, TRP-2026-000321 is on its way.');
      const notHers = await sms(w.fleetManager.user.phoneNumber, 'Bola, TRP-2026-000321 is on its way.');
      // And her WhatsApp conversation: what she wrote, and the platform's answer waiting to go.
      await t.ctx.db.insert(whatsappInboundMessages).values({
        providerMessageId: 'wamid.from-halima',
        from: newPhone,
        type: 'text',
        text: 'Halima here: where is TRP-2026-000321?',
        sentAt: new Date(Date.now() - 60_000),
      });
      const answer = await queueWhatsapp(t.ctx, t.ctx.db, {
        to: newPhone,
        purpose: 'trip-status',
        companyId: before.companyId,
        text: 'Halima, TRP-2026-000321 is at Apapa.',
      });
      const othersBefore = await auditRowsNotAbout(id);

      const res = await call(
        t.app,
        'POST',
        ERASE_ME,
        { password: GOOD_PASSWORD },
        { token: manager.accessToken },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'Successful',
        message: expect.stringMatching(/Your account is deleted/),
      });

      // Every session ends at once: the old access tokens and the refresh token answer 401.
      expect((await me(manager.accessToken)).status).toBe(401);
      expect((await me(phone.body.accessToken)).status).toBe(401);
      const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh', {
        refreshToken: phone.body.refreshToken,
      });
      expect(refreshed.status).toBe(401);

      // Signing in answers exactly as for an address nobody has.
      const login = await signIn(manager.email);
      const unknown = await signIn(uniqueEmail('nobody'));
      expect(login.status).toBe(401);
      expect(login.body).toEqual(unknown.body);

      const after = await userRow(id);
      expect(after).toMatchObject({
        firstName: 'Erased',
        lastName: 'user',
        email: `erased+${id}@invalid.freightlane.ng`,
        phoneNumber: `erased:${id}`,
        companyId: before.companyId,
        userType: 'FLEET_MANAGER',
        // The consent record stays: it shows the processing had a lawful basis while it ran.
        termsVersion: TERMS_VERSION,
      });
      expect(after.passwordHash).not.toMatch(/^\$argon2/);
      expect(after.erasedAt).toBeInstanceOf(Date);
      expect(after.deactivatedAt).toBeInstanceOf(Date);
      const erasedLogin = await call(t.app, 'POST', LOGIN_URL, {
        username: after.email,
        password: GOOD_PASSWORD,
      });
      expect(erasedLogin.status).toBe(401);

      const sessionRows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
      expect(sessionRows.length).toBe(2);
      for (const s of sessionRows) {
        expect(s).toMatchObject({
          revokedReason: 'DEACTIVATED',
          deviceId: null,
          userAgent: null,
          ipAddress: null,
        });
      }
      for (const table of [pushSubscriptions, notificationPreferences, notifications, accountTokens]) {
        expect(await t.ctx.db.select().from(table).where(eq(table.userId, id))).toEqual([]);
      }
      // Her text messages lose her words and number and keep their cost; the waiting one never goes.
      const texts = async (smsId: string) =>
        (await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.id, smsId)))[0]!;
      expect(await texts(delivered.id)).toMatchObject({
        to: `erased:${id}`,
        text: '(erased)',
        status: 'DELIVERED',
        costKobo: delivered.costKobo,
      });
      expect(await texts(waiting.id)).toMatchObject({
        to: `erased:${id}`,
        text: '(erased)',
        status: 'FAILED',
        failureReason: "Not sent: the person's account was erased first",
      });
      expect(
        await t.ctx.db
          .select()
          .from(whatsappInboundMessages)
          .where(eq(whatsappInboundMessages.from, newPhone)),
      ).toEqual([]);
      const [answered] = await t.ctx.db
        .select()
        .from(whatsappMessages)
        .where(eq(whatsappMessages.id, answer.id));
      expect(answered).toMatchObject({
        to: `erased:${id}`,
        text: '(erased)',
        status: 'FAILED',
        parameters: [],
      });
      expect(await texts(notHers.id)).toMatchObject({
        to: w.fleetManager.user.phoneNumber,
        text: 'Bola, TRP-2026-000321 is on its way.',
        status: 'QUEUED',
      });

      // The audit rows about the person keep what happened and when, not what they said about them.
      const about = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, id)))
        .orderBy(auditLog.id);
      const erasure = about.at(-1)!;
      const blanked = about.slice(0, -1);
      expect(blanked.map((a) => a.action)).toContain('user.profile_updated');
      for (const row of blanked) expect(row).toMatchObject({ data: { erased: true }, ipAddress: null });
      // Every other row of the log is as it was.
      expect(await auditRowsNotAbout(id)).toEqual(othersBefore);

      // The erasure is on record, and names nothing personal.
      expect(erasure).toMatchObject({
        action: 'user.erased',
        actorUserId: id,
        companyId: before.companyId,
        ipAddress: 'withheld',
        data: { by: 'SELF', userType: 'FLEET_MANAGER', auditRowsBlanked: blanked.length },
      });
      const recorded = JSON.stringify(erasure);
      for (const personal of [manager.email, before.phoneNumber, newPhone, 'Halima', 'Yusuf']) {
        expect(recorded).not.toContain(personal);
      }

      // The trip stays readable by both companies, naming the person "Erased user".
      for (const token of [w.transporter.accessToken, w.customer.accessToken]) {
        const detail = await w.detail(trip.id, token);
        expect(detail.tripStatusLogs).toContainEqual(
          expect.objectContaining({ tripStatus: firstStep, changedBy: 'Erased user (Agege Haulage Ltd)' }),
        );
        expect(detail.notes).toContainEqual(
          expect.objectContaining({
            side: 'TRANSPORTER',
            note,
            updatedBy: 'Erased user (Agege Haulage Ltd)',
          }),
        );
        expect(JSON.stringify(detail)).not.toContain('Halima');
      }
      const invoices = await call(t.app, 'GET', '/api/v1/invoices?size=100', undefined, {
        token: w.customer.accessToken,
      });
      expect(invoices.status).toBe(200);
      expect(invoices.body.content.map((i: { trip: { id: string } }) => i.trip.id)).toContain(trip.id);
    });

    it("retires an invited fleet manager's staff record and blanks the audit rows about it", async () => {
      const owner = await createVerifiedTransporter(t, { name: 'Mile 2 Haulage Ltd' });
      const email = uniqueEmail('invited');
      const invitedBody = {
        firstName: 'Tobi',
        lastName: 'Ajayi',
        phoneNumber: uniquePhone(),
        email,
        address: { street: '2 Wharf Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
        nextOfKin: { name: 'Bisi Ajayi', phoneNumber: uniquePhone(), relationship: 'Wife' },
        guarantor: {
          name: 'Alhaji Musa Ajayi',
          phoneNumber: uniquePhone(),
          address: { street: '5 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
        },
      };
      const invite = () =>
        call(t.app, 'POST', '/api/v1/fleet/managers', invitedBody, { token: owner.accessToken });
      const invited = await invite();
      expect(invited.status).toBe(201);
      const mail = (await t.mailsTo(email))[0]!;
      const resetToken = new URL(mail.links.find((l) => l.includes('token='))!).searchParams.get('token')!;
      const accepted = await call(t.app, 'POST', '/api/v1/user/password/reset/', {
        resetToken,
        newPassword: GOOD_PASSWORD,
        acceptTerms: true,
      });
      expect(accepted.status).toBe(200);
      const login = await signIn(email);
      expect(login.status).toBe(200);

      const erased = await call(
        t.app,
        'POST',
        ERASE_ME,
        { password: GOOD_PASSWORD },
        { token: login.body.accessToken },
      );
      expect(erased.status).toBe(200);

      const managers = `/api/v1/fleet/managers/${invited.body.id}`;
      const seen = await call(t.app, 'GET', managers, undefined, { token: owner.accessToken });
      expect(seen.body).toMatchObject({ firstName: 'Erased', lastName: 'user', active: false });
      const invitation = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'fleet_manager'), eq(auditLog.entityId, invited.body.id)));
      expect(invitation.map((a) => a.action)).toContain('fleet_manager.invited');
      for (const row of invitation) expect(row).toMatchObject({ data: { erased: true }, ipAddress: null });

      const reactivate = await call(
        t.app,
        'PATCH',
        `${managers}/active`,
        { active: true },
        { token: owner.accessToken },
      );
      expect(reactivate.status).toBe(422);
      expect(reactivate.body.message).toMatch(/erased their account/);
      // The e-mail address and phone number are free again: the same person can be invited afresh.
      expect((await invite()).status).toBe(201);
    });

    it('refuses the only owner of a company with other users or live work (409), and says what to do', async () => {
      const transporter = await createVerifiedTransporter(t, { name: 'Oshodi Movers Ltd' });
      const colleague = await signedInFleetManagerOf(t, transporter);
      const erase = (token: string) => call(t.app, 'POST', ERASE_ME, { password: GOOD_PASSWORD }, { token });

      const withColleague = await erase(transporter.accessToken);
      expect(withColleague.status).toBe(409);
      expect(withColleague.body.message).toBe(
        'You are the only owner of Oshodi Movers Ltd, which still has 1 other user. Deactivate them, or ask Freightlane support to hand the company over to one of them, before you delete your account.',
      );

      await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, colleague.user.id));
      const customer = await createVerifiedCustomer(t, { name: 'Surulere Bottling Ltd' });
      const { order } = await awardedOrder(t, customer, transporter);
      const tripId = order.trips[0].id as string;
      const customerNote = 'Ring the gatehouse on arrival.';
      await call(
        t.app,
        'PATCH',
        `/api/v1/trips/${tripId}`,
        { note: customerNote },
        { token: customer.accessToken },
      );

      const withTrip = await erase(transporter.accessToken);
      expect(withTrip.status).toBe(409);
      expect(withTrip.body.message).toBe(
        'You are the only owner of Oshodi Movers Ltd, which still has 1 trip under way. Finish or cancel them, or ask Freightlane support to hand the company over, before you delete your account.',
      );
      const open = await placeOrderViaApi(t, customer.accessToken);
      const withOrder = await erase(customer.accessToken);
      expect(withOrder.status).toBe(409);
      expect(withOrder.body.message).toContain('which still has 1 trip under way, 1 open order.');
      expect((await userRow(customer.user.id)).erasedAt).toBeNull();
      expect((await me(customer.accessToken)).status).toBe(200);

      // Finished and closed, the company's records no longer need a person behind them.
      await setTripState(t, [tripId], { completed: true, latestStatus: 'DELIVERED' });
      await t.ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, colleague.user.id));
      await t.ctx.db
        .update(orders)
        .set({ status: 'CANCELLED', cancelledAt: new Date() })
        .where(eq(orders.id, open.id));
      expect((await erase(customer.accessToken)).status).toBe(200);

      // The transporter keeps the trip and its invoice; the customer's note names an erased user.
      const detail = await call(t.app, 'GET', `/api/v1/trips/${tripId}`, undefined, {
        token: transporter.accessToken,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.notes).toContainEqual(
        expect.objectContaining({ note: customerNote, updatedBy: 'Erased user (Surulere Bottling Ltd)' }),
      );
      const invoices = await call(t.app, 'GET', '/api/v1/invoices?size=100', undefined, {
        token: transporter.accessToken,
      });
      expect(invoices.body.content.map((i: { trip: { id: string } }) => i.trip.id)).toContain(tripId);

      // With a second owner in the company, the first may leave whoever else works there: someone still acts for it.
      const partner = await signedInAccount(t, 'TRANSPORTER');
      await t.ctx.db
        .update(users)
        .set({ companyId: transporter.company.id })
        .where(eq(users.id, partner.user.id));
      expect((await erase(transporter.accessToken)).status).toBe(200);
    });
  });

  describe('by an admin, POST /api/v1/admin/users/{id}/erasure', () => {
    it('answers 401 to anonymous callers and 403 to every other role', async () => {
      const target = await signedInAccount(t, 'CUSTOMER');
      const body = { reason: 'Asked by e-mail on 3 November' };
      expect((await call(t.app, 'POST', eraseUser(target.user.id), body)).status).toBe(401);
      for (const token of [w.customer.accessToken, w.transporter.accessToken, w.fleetManager.accessToken]) {
        const res = await call(t.app, 'POST', eraseUser(target.user.id), body, { token });
        expect(res.status).toBe(403);
      }
      expect((await userRow(target.user.id)).erasedAt).toBeNull();
    });

    it('refuses bad input with 400, an unknown user with 404 and the admin themself with 422', async () => {
      const target = await signedInAccount(t, 'CUSTOMER');
      const post = (url: string, body: unknown) =>
        call(t.app, 'POST', url, body, { token: w.admin.accessToken });
      const cases: [unknown, string][] = [
        [{}, 'reason'],
        [{ reason: '  ' }, 'reason'],
        [{ reason: 'x'.repeat(501) }, 'reason'],
        [{ reason: 'Asked\u0000by phone' }, 'reason'],
        [{ reason: 'Asked by phone', password: 'x' }, 'password'],
      ];
      for (const [body, field] of cases) {
        const res = await post(eraseUser(target.user.id), body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      }
      const badId = await post(eraseUser('not-a-user'), { reason: 'Asked by phone' });
      expect(badId.status).toBe(400);
      expect(badId.body.errors[0].field).toBe('params.id');
      expect(
        (await post(eraseUser('0b7e4d1c-4f4e-4c4b-9d7a-3f1e2a9b8c7d'), { reason: 'Asked by phone' })).status,
      ).toBe(404);
      const self = await post(eraseUser(w.admin.user.id), { reason: 'Leaving' });
      expect(self.status).toBe(422);
      expect((await userRow(target.user.id)).erasedAt).toBeNull();
    });

    it("erases a person's account with the reason on record, once, under the same rules", async () => {
      const target = await signedInAccount(t, 'CUSTOMER', { name: 'Ikeja Paints Ltd' });
      const reason = 'Asked by letter of 3 November 2026, identity checked by phone';
      const res = await call(
        t.app,
        'POST',
        eraseUser(target.user.id),
        { reason },
        { token: w.admin.accessToken },
      );
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('Successful');
      expect((await me(target.accessToken)).status).toBe(401);
      expect(await userRow(target.user.id)).toMatchObject({ firstName: 'Erased', lastName: 'user' });
      const [row] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, target.user.id), eq(auditLog.action, 'user.erased')));
      expect(row).toMatchObject({
        actorUserId: w.admin.user.id,
        data: { by: 'ADMIN', reason, userType: 'CUSTOMER' },
      });
      expect(row!.ipAddress).not.toBe('withheld');

      const again = await call(
        t.app,
        'POST',
        eraseUser(target.user.id),
        { reason },
        { token: w.admin.accessToken },
      );
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This account has already been erased.');

      const owner = await createVerifiedTransporter(t, { name: 'Apapa Boxes Ltd' });
      await signedInFleetManagerOf(t, owner);
      const refused = await call(
        t.app,
        'POST',
        eraseUser(owner.user.id),
        { reason },
        { token: w.admin.accessToken },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'This person is the only owner of Apapa Boxes Ltd, which still has 1 other user. Hand the company over or deactivate them first.',
      );
    });
  });
});
