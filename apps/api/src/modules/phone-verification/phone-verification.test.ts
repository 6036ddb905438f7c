import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, drivers, phoneVerifications, smsMessages, users } from '../../db/schema';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniquePhone } from '../../test/accounts';
import { createDriverViaApi, signedInFleetManagerOf } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { markPhoneVerified } from '.';

const CHECK = '/api/v1/user/enrolment/phone/check';
const MINUTE = 60_000;

/** Moves the clock `ms` ahead of the real one: only Date is faked, so timers and the database run as usual. */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe('phone verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The text messages sent to a number, newest first. */
  async function smsTo(phoneNumber: string) {
    return t.ctx.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.to, phoneNumber))
      .orderBy(desc(smsMessages.createdAt));
  }

  /** The code of the last SMS to the number. */
  async function lastCodeTo(phoneNumber: string): Promise<string> {
    const [sms] = await smsTo(phoneNumber);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${phoneNumber}`);
    return code;
  }

  /** Any 6-digit code but `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function person() {
    const account = await signedInAccount(t, 'CUSTOMER');
    const phoneNumber = account.user.phoneNumber;
    const send = () =>
      call(t.app, 'POST', CHECK, { phoneNumber, send: true }, { token: account.accessToken });
    const check = (code: string, number = phoneNumber) =>
      call(t.app, 'POST', CHECK, { phoneNumber: number, code }, { token: account.accessToken });
    const me = async () =>
      (await call(t.app, 'GET', '/api/v1/user/me', undefined, { token: account.accessToken })).body.data;
    return { account, phoneNumber, send, check, me };
  }

  describe('the availability question', () => {
    it('answers {phoneNumber, available} without a session, exactly as before', async () => {
      const taken = await signedInAccount(t);
      const free = uniquePhone();
      const a = await call(t.app, 'POST', CHECK, { phoneNumber: free });
      expect(a).toMatchObject({ status: 200, body: { phoneNumber: free, available: true } });
      expect(Object.keys(a.body).sort()).toEqual(['available', 'phoneNumber']);
      const b = await call(t.app, 'POST', CHECK, { phoneNumber: taken.user.phoneNumber });
      expect(b.body).toEqual({ phoneNumber: taken.user.phoneNumber, available: false });
      // Nothing is texted for the question.
      expect(await smsTo(free)).toEqual([]);
    });

    it('refuses to send or check a code without a session, texting nobody', async () => {
      const phoneNumber = uniquePhone();
      const send = await call(t.app, 'POST', CHECK, { phoneNumber, send: true });
      expect(send.status).toBe(401);
      const check = await call(t.app, 'POST', CHECK, { phoneNumber, code: '123456' });
      expect(check.status).toBe(401);
      expect(await smsTo(phoneNumber)).toEqual([]);
    });

    it('answers 400 naming the field for a bad code or both send and code at once', async () => {
      const { account, phoneNumber } = await person();
      const bad = await call(
        t.app,
        'POST',
        CHECK,
        { phoneNumber, code: '12ab' },
        { token: account.accessToken },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'code', message: 'Enter the 6-digit code from the SMS' }]);
      const both = await call(
        t.app,
        'POST',
        CHECK,
        { phoneNumber, send: true, code: '123456' },
        { token: account.accessToken },
      );
      expect(both.status).toBe(400);
      expect(both.body.errors[0].field).toBe('code');
    });
  });

  describe("a person's own number", () => {
    it('texts a 6-digit code on the platform’s spend, keeps only its HMAC, and the right code verifies the number', async () => {
      const p = await person();
      expect((await p.me()).phoneVerifiedAt).toBeNull();
      const sent = await p.send();
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({
        status: 'Successful',
        message: expect.stringContaining('We sent a 6-digit code to'),
        data: { phoneNumber: p.phoneNumber, verifiedAt: null, codeSentAt: expect.any(String) },
      });
      const [sms] = await smsTo(p.phoneNumber);
      expect(sms).toMatchObject({ purpose: 'phone-verification', companyId: null });
      expect(sms!.text).toMatch(/^\d{6} is your Freightlane code\. It expires in 10 minutes\./);
      const code = await lastCodeTo(p.phoneNumber);

      // At rest: a 64-hex HMAC that is neither the code nor its plain SHA-256, and holds no trace of it.
      const [row] = await t.ctx.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, p.account.user.id));
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.codeHash).not.toContain(code);
      const { createHash } = await import('node:crypto');
      expect(row!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));

      const ok = await p.check(code);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        message: 'Your phone number is verified.',
        data: { verifiedAt: expect.any(String), codeSentAt: null },
      });
      expect((await p.me()).phoneVerifiedAt).toBe(ok.body.data.verifiedAt);
      const [audited] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, p.account.user.id), eq(auditLog.action, 'user.phone_verified')));
      expect(audited).toBeDefined();
    });

    it('counts wrong codes down, and the fifth ends the code: even the right one is refused then', async () => {
      const p = await person();
      await p.send();
      const code = await lastCodeTo(p.phoneNumber);
      for (const left of [4, 3, 2, 1]) {
        const res = await p.check(wrong(code));
        expect(res.status).toBe(400);
        const message = `The code is wrong; ${left} ${left === 1 ? 'try' : 'tries'} left.`;
        expect(res.body).toMatchObject({ message, errors: [{ field: 'code', message }] });
      }
      const fifth = await p.check(wrong(code));
      expect(fifth.body.message).toBe('The code is wrong, and that was the last try; ask for a new one.');
      const right = await p.check(code);
      expect(right.status).toBe(400);
      expect(right.body.errors).toEqual([
        { field: 'code', message: '5 wrong codes were tried; ask for a new one.' },
      ]);
      expect((await p.me()).phoneVerifiedAt).toBeNull();
    });

    it('lets a code work until 10 minutes after it was sent, and not from then on', async () => {
      const p = await person();
      await p.send();
      const code = await lastCodeTo(p.phoneNumber);
      later(10 * MINUTE + 1000);
      const expired = await p.check(code);
      expect(expired.status).toBe(400);
      expect(expired.body.errors).toEqual([
        { field: 'code', message: 'The code has expired; ask for a new one.' },
      ]);
      vi.useRealTimers();

      const q = await person();
      await q.send();
      const fresh = await lastCodeTo(q.phoneNumber);
      later(10 * MINUTE - 5000);
      expect((await q.check(fresh)).status).toBe(200);
    });

    it('sends a new code only a minute after the last (429 with Retry-After), and the new one replaces the old', async () => {
      const p = await person();
      await p.send();
      const first = await lastCodeTo(p.phoneNumber);
      const again = await p.send();
      expect(again.status).toBe(429);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(again.body.message).toMatch(/^A code was sent less than a minute ago\. Wait \d+ seconds/);
      expect(await smsTo(p.phoneNumber)).toHaveLength(1);

      later(61_000);
      const resent = await p.send();
      expect(resent.status).toBe(200);
      const second = await lastCodeTo(p.phoneNumber);
      expect(await smsTo(p.phoneNumber)).toHaveLength(2);
      if (second !== first) expect((await p.check(first)).status).toBe(400);
      expect((await p.check(second)).status).toBe(200);
    });

    it('sends at most 5 codes to a number in an hour, then answers 429 until the hour is over', async () => {
      const p = await person();
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'] });
      for (let i = 0; i < 5; i++) {
        vi.setSystemTime(start + i * 61_000);
        expect((await p.send()).status).toBe(200);
      }
      vi.setSystemTime(start + 5 * 61_000);
      const capped = await p.send();
      expect(capped.status).toBe(429);
      expect(capped.body.message).toMatch(
        /^5 codes went to this number in the last hour\. Ask again in \d+ minutes\./,
      );
      const retryAfter = Number(capped.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3600 - 5 * 61 - 5);
      expect(retryAfter).toBeLessThanOrEqual(3600 - 5 * 61);
      expect(await smsTo(p.phoneNumber)).toHaveLength(5);

      // An hour on, the session's access token has expired: the person signs in again.
      vi.setSystemTime(start + 3600_000 + 1000);
      const login = await call(t.app, 'POST', LOGIN_URL, {
        username: p.account.email,
        password: GOOD_PASSWORD,
      });
      const again = await call(
        t.app,
        'POST',
        CHECK,
        { phoneNumber: p.phoneNumber, send: true },
        { token: login.body.accessToken as string },
      );
      expect(again.status).toBe(200);
      expect(await smsTo(p.phoneNumber)).toHaveLength(6);
    });

    it('sends only to the number on the caller’s profile', async () => {
      const p = await person();
      const other = uniquePhone();
      const res = await call(
        t.app,
        'POST',
        CHECK,
        { phoneNumber: other, send: true },
        { token: p.account.accessToken },
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('phoneNumber');
      expect(await smsTo(other)).toEqual([]);
    });

    it('makes a changed number unverified, and a code sent to the old number no longer counts', async () => {
      const p = await person();
      const save = (phoneNumber: string) =>
        call(
          t.app,
          'PUT',
          '/api/v1/user/me',
          { firstName: 'Kemi', lastName: 'Ade', phoneNumber },
          { token: p.account.accessToken },
        );
      // A code for the old number is open when the number changes…
      await p.send();
      const oldNumber = p.phoneNumber;
      const oldCode = await lastCodeTo(oldNumber);
      const newNumber = uniquePhone();
      const changed = await save(newNumber);
      expect(changed.body.data).toMatchObject({ phoneNumber: newNumber, phoneVerifiedAt: null });

      // …and then counts for nothing: not as the old number, which is no longer the caller's, nor the new one.
      const asOld = await p.check(oldCode, oldNumber);
      expect(asOld.status).toBe(400);
      expect(asOld.body.errors[0].field).toBe('phoneNumber');
      const asNew = await p.check(oldCode, newNumber);
      expect(asNew.status).toBe(400);
      expect(asNew.body.errors[0]).toEqual({
        field: 'code',
        message: 'No code has been sent to this number yet; ask for one first.',
      });
      expect((await p.me()).phoneVerifiedAt).toBeNull();
    });

    it('clears the proof when a verified number changes, and keeps it when the same number is saved again', async () => {
      const p = await person();
      await p.send();
      await p.check(await lastCodeTo(p.phoneNumber));
      const save = (phoneNumber: string) =>
        call(
          t.app,
          'PUT',
          '/api/v1/user/me',
          { firstName: 'Kemi', lastName: 'Ade', phoneNumber },
          { token: p.account.accessToken },
        );
      expect((await save(p.phoneNumber)).body.data.phoneVerifiedAt).toEqual(expect.any(String));
      expect((await save(uniquePhone())).body.data.phoneVerifiedAt).toBeNull();
    });

    it('texts the code in the person’s language, chosen on the profile', async () => {
      const p = await person();
      const saved = await call(
        t.app,
        'PUT',
        '/api/v1/user/me',
        { firstName: 'Kemi', lastName: 'Ade', phoneNumber: p.phoneNumber, language: 'ha' },
        { token: p.account.accessToken },
      );
      expect(saved.body.data.language).toBe('ha');
      const bad = await call(
        t.app,
        'PUT',
        '/api/v1/user/me',
        { firstName: 'Kemi', lastName: 'Ade', phoneNumber: p.phoneNumber, language: 'fr' },
        { token: p.account.accessToken },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('language');
      await p.send();
      const [sms] = await smsTo(p.phoneNumber);
      expect(sms!.text).toMatch(/^\d{6} ita ce lambar Freightlane ɗinka\./);
    });
  });

  describe("a driver's number", () => {
    async function fleet() {
      const owner = await signedInAccount(t, 'TRANSPORTER', { name: 'Kano Express Haulage' });
      const driver = await createDriverViaApi(t, owner.accessToken);
      const url = `/api/v1/fleet/drivers/${driver.id}/phone-verification`;
      return { owner, driver, url };
    }

    it('texts the driver a code naming the transporter, on its spend; the code read back verifies the number', async () => {
      const { owner, driver, url } = await fleet();
      const manager = await signedInFleetManagerOf(t, owner);
      const before = await call(t.app, 'GET', url, undefined, { token: owner.accessToken });
      expect(before.body).toMatchObject({
        phoneNumber: driver.phoneNumber,
        verifiedAt: null,
        codeSentAt: null,
      });

      const sent = await call(t.app, 'POST', url, undefined, { token: manager.accessToken });
      expect(sent.status).toBe(200);
      const [sms] = await smsTo(driver.phoneNumber);
      expect(sms).toMatchObject({ purpose: 'phone-verification', companyId: owner.company.id });
      expect(sms!.text).toContain('to confirm this phone for Kano Express Haulage');
      const code = await lastCodeTo(driver.phoneNumber);

      const wrongOne = await call(
        t.app,
        'POST',
        `${url}/check`,
        { code: wrong(code) },
        { token: owner.accessToken },
      );
      expect(wrongOne.status).toBe(400);
      expect(wrongOne.body.errors).toEqual([{ field: 'code', message: 'The code is wrong; 4 tries left.' }]);
      const ok = await call(t.app, 'POST', `${url}/check`, { code }, { token: owner.accessToken });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe("The driver's phone number is verified.");
      const [row] = await t.ctx.db.select().from(drivers).where(eq(drivers.id, driver.id));
      expect(row!.phoneVerifiedAt).not.toBeNull();
    });

    it('answers 404 for another company’s driver and 403 for a customer, texting nobody', async () => {
      const { driver, url } = await fleet();
      const stranger = await signedInAccount(t, 'TRANSPORTER');
      const customer = await signedInAccount(t, 'CUSTOMER');
      for (const [method, path] of [
        ['GET', url],
        ['POST', url],
      ] as const) {
        expect((await call(t.app, method, path, undefined, { token: stranger.accessToken })).status).toBe(
          404,
        );
        expect((await call(t.app, method, path, undefined, { token: customer.accessToken })).status).toBe(
          403,
        );
      }
      const check = await call(
        t.app,
        'POST',
        `${url}/check`,
        { code: '123456' },
        { token: stranger.accessToken },
      );
      expect(check.status).toBe(404);
      expect((await call(t.app, 'POST', url)).status).toBe(401);
      expect(await smsTo(driver.phoneNumber)).toEqual([]);
    });

    it('makes a changed driver number unverified, and the code for the old number is refused', async () => {
      const { owner, driver, url } = await fleet();
      const patch = (phoneNumber: string) =>
        call(
          t.app,
          'PATCH',
          `/api/v1/fleet/drivers/${driver.id}`,
          { phoneNumber },
          { token: owner.accessToken },
        );
      const verifiedAt = async () =>
        (await t.ctx.db.select().from(drivers).where(eq(drivers.id, driver.id)))[0]!.phoneVerifiedAt;

      await call(t.app, 'POST', url, undefined, { token: owner.accessToken });
      const oldCode = await lastCodeTo(driver.phoneNumber);
      const newNumber = uniquePhone();
      expect((await patch(newNumber)).status).toBe(200);
      const state = await call(t.app, 'GET', url, undefined, { token: owner.accessToken });
      expect(state.body).toMatchObject({ phoneNumber: newNumber, verifiedAt: null, codeSentAt: null });
      const refused = await call(
        t.app,
        'POST',
        `${url}/check`,
        { code: oldCode },
        { token: owner.accessToken },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toEqual({
        field: 'code',
        message: 'No code has been sent to this number yet; ask for one first.',
      });

      // A verified number keeps its proof when the same number is sent again, and loses it when it changes.
      await markPhoneVerified(t.ctx.db, { driverId: driver.id }, newNumber);
      expect((await patch(newNumber)).status).toBe(200);
      expect(await verifiedAt()).not.toBeNull();
      expect((await patch(uniquePhone())).status).toBe(200);
      expect(await verifiedAt()).toBeNull();
    });

    it('markPhoneVerified marks a number only while it is still the owner’s', async () => {
      const { driver } = await fleet();
      expect(await markPhoneVerified(t.ctx.db, { driverId: driver.id }, uniquePhone())).toBe(false);
      expect(await markPhoneVerified(t.ctx.db, { driverId: driver.id }, driver.phoneNumber)).toBe(true);
      const [row] = await t.ctx.db.select().from(drivers).where(eq(drivers.id, driver.id));
      expect(row!.phoneVerifiedAt).not.toBeNull();
    });
  });

  describe('data rights', () => {
    it('lists a person’s verification records in their export without the hash, and erasure deletes them', async () => {
      const p = await person();
      await p.send();
      const code = await lastCodeTo(p.phoneNumber);
      await p.check(code);
      const exported = await call(t.app, 'GET', '/api/v1/user/me/data', undefined, {
        token: p.account.accessToken,
      });
      expect(exported.status).toBe(200);
      expect(exported.body.profile.phoneVerifiedAt).toEqual(expect.any(String));
      expect(exported.body.phoneVerifications).toEqual([
        {
          phoneNumber: p.phoneNumber,
          firstSentAt: expect.any(String),
          lastSentAt: expect.any(String),
          codesSent: 1,
          wrongTries: 0,
          verifiedAt: expect.any(String),
        },
      ]);
      const [row] = await t.ctx.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, p.account.user.id));
      expect(JSON.stringify(exported.body)).not.toContain(row!.codeHash);

      const erased = await call(
        t.app,
        'POST',
        '/api/v1/user/me/erasure',
        { password: GOOD_PASSWORD },
        { token: p.account.accessToken },
      );
      expect(erased.status).toBe(200);
      expect(
        await t.ctx.db
          .select()
          .from(phoneVerifications)
          .where(eq(phoneVerifications.userId, p.account.user.id)),
      ).toEqual([]);
      const [user] = await t.ctx.db.select().from(users).where(eq(users.id, p.account.user.id));
      expect(user!.phoneVerifiedAt).toBeNull();
    });
  });
});
