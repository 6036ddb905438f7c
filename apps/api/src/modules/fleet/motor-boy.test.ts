import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MotorBoy } from '@freightlane/domain';
import { auditLog, motorBoys } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { createMotorBoyViaApi, motorBoyBody, signedInFleetManagerOf } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const MOTOR_BOYS = '/api/v1/fleet/motor-boys';

describe('fleet motor boys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ids = async (token: string, query = '') => {
    const res = await call(t.app, 'GET', `${MOTOR_BOYS}${query ? `?${query}` : ''}`, undefined, { token });
    expect(res.status).toBe(200);
    return (res.body.content as MotorBoy[]).map((m) => m.id).sort();
  };

  it('adds a motor boy with next of kin and guarantor and gives it back', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const body = motorBoyBody();
    const res = await call(t.app, 'POST', MOTOR_BOYS, body, { token: owner.accessToken });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      firstName: 'Tunde',
      lastName: 'Bello',
      phoneNumber: body.phoneNumber,
      address: body.address,
      nextOfKin: body.nextOfKin,
      guarantor: body.guarantor,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.ctx.db.select().from(motorBoys).where(eq(motorBoys.id, res.body.id));
    expect(row!.companyId).toBe(owner.company.id);
    const got = await call(t.app, 'GET', `${MOTOR_BOYS}/${res.body.id}`, undefined, {
      token: owner.accessToken,
    });
    expect(got.body).toEqual(res.body);
  });

  it.each([
    [
      'phoneNumber',
      { phoneNumber: '+1555123456' },
      'Enter a Nigerian phone number as +234 followed by 10 digits',
    ],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['licenceNumber', { licenceNumber: 'LAG12345AA01' }, 'Unknown field'],
    [
      'guarantor.name',
      { guarantor: { name: ' ', phoneNumber: '+2348030000000', address: motorBoyBody().address } },
      'Guarantor name is required',
    ],
  ])('answers 400 naming %s and writes nothing', async (field, override, message) => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const res = await call(t.app, 'POST', MOTOR_BOYS, motorBoyBody(override), { token: owner.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await ids(owner.accessToken)).toEqual([]);
  });

  it('answers 401 without a token, 403 to customers and admins, 404 for another company', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const motorBoy = await createMotorBoyViaApi(t, owner.accessToken);
    expect((await call(t.app, 'POST', MOTOR_BOYS, motorBoyBody())).status).toBe(401);
    for (const type of ['CUSTOMER', 'ADMIN'] as const) {
      const { accessToken: token } = await signedInAccount(t, type);
      const answers = await Promise.all([
        call(t.app, 'GET', MOTOR_BOYS, undefined, { token }),
        call(t.app, 'POST', MOTOR_BOYS, motorBoyBody(), { token }),
        call(t.app, 'GET', `${MOTOR_BOYS}/${motorBoy.id}`, undefined, { token }),
        call(t.app, 'PATCH', `${MOTOR_BOYS}/${motorBoy.id}`, { lastName: 'X' }, { token }),
        call(t.app, 'PATCH', `${MOTOR_BOYS}/${motorBoy.id}/active`, { active: false }, { token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
    }
    const { accessToken: token } = await signedInAccount(t, 'TRANSPORTER');
    const answers = await Promise.all([
      call(t.app, 'GET', `${MOTOR_BOYS}/${motorBoy.id}`, undefined, { token }),
      call(t.app, 'PATCH', `${MOTOR_BOYS}/${motorBoy.id}`, { lastName: 'X' }, { token }),
      call(t.app, 'PATCH', `${MOTOR_BOYS}/${motorBoy.id}/active`, { active: false }, { token }),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 3 }, () => [404, 'Motor boy not found']),
    );
    expect(await ids(token)).toEqual([]);
    const [row] = await t.ctx.db.select().from(motorBoys).where(eq(motorBoys.id, motorBoy.id));
    expect(row).toMatchObject({ lastName: 'Bello', active: true });
  });

  it('refuses a phone already in the company with 409 on phoneNumber, on add and on change', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const first = await createMotorBoyViaApi(t, token);
    const again = await call(t.app, 'POST', MOTOR_BOYS, motorBoyBody({ phoneNumber: first.phoneNumber }), {
      token,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([
      { field: 'phoneNumber', message: 'A motor boy with this phone number is already in your fleet.' },
    ]);
    const second = await createMotorBoyViaApi(t, token);
    const changed = await call(
      t.app,
      'PATCH',
      `${MOTOR_BOYS}/${second.id}`,
      { phoneNumber: first.phoneNumber },
      { token },
    );
    expect(changed.status).toBe(409);
    expect(await ids(token)).toEqual([first.id, second.id].sort());
  });

  it('changes only the fields sent, searches by name and phone, and treats available as active', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const manager = await signedInFleetManagerOf(t, owner);
    const token = manager.accessToken;
    const emeka = await createMotorBoyViaApi(t, token, { firstName: 'Emeka', phoneNumber: '+2348097776655' });
    const sule = await createMotorBoyViaApi(t, token, { firstName: 'Sule' });

    const patched = await call(t.app, 'PATCH', `${MOTOR_BOYS}/${sule.id}`, { lastName: 'Adamu' }, { token });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...sule, lastName: 'Adamu', updatedAt: patched.body.updatedAt });

    expect(await ids(token, 'q=emeka')).toEqual([emeka.id]);
    expect(await ids(token, `q=${encodeURIComponent('0809 777 6655')}`)).toEqual([emeka.id]);
    expect(await ids(token, 'q=sule adamu')).toEqual([sule.id]);

    const off = await call(t.app, 'PATCH', `${MOTOR_BOYS}/${emeka.id}/active`, { active: false }, { token });
    expect(off.body.active).toBe(false);
    expect(await ids(token, 'available=true')).toEqual([sule.id]);
    expect(await ids(token, 'available=false')).toEqual([emeka.id]);
    expect(await ids(token, 'active=false')).toEqual([emeka.id]);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, emeka.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['motor_boy.created', 'motor_boy.deactivated']);
  });
});
