import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../test/accounts';
import { createDriverViaApi, createTruckViaApi } from '../../test/fleet';
import { createVerifiedCustomer, placeOrderViaApi } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';

/**
 * What the audit log shows for everyday edits made through the API: the changed fields as they were and
 * as they became, so the back office reads what an edit did without guessing from the new values alone.
 */
describe('the audit log records the before and after of edits', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAccount(t, 'ADMIN');
  });
  afterAll(() => t.close());

  /** The newest audit row of `action` about `entityId`, as the back office reads it. */
  async function latest(entityId: string, action: string) {
    const res = await call(
      t.app,
      'GET',
      `/api/v1/admin/audit-log?entityId=${entityId}&action=${action}&size=1`,
      undefined,
      { token: admin.accessToken },
    );
    expect(res.status).toBe(200);
    return res.body.content[0] as { data: Record<string, any>; actor: { userId: string } };
  }

  it('a profile edit: only the fields that changed', async () => {
    const account = await signedInAccount(t, 'CUSTOMER');
    const res = await call(
      t.app,
      'PUT',
      '/api/v1/user/me',
      { firstName: 'Kemi', lastName: 'Adeyemi', phoneNumber: account.user.phoneNumber },
      { token: account.accessToken },
    );
    expect(res.status).toBe(200);
    const row = await latest(account.user.id, 'user.profile_updated');
    expect(row.actor.userId).toBe(account.user.id);
    expect(row.data).toEqual({ before: { lastName: 'User' }, after: { lastName: 'Adeyemi' } });
  });

  it('company details: the old name and the status the edit moved the company to', async () => {
    const account = await signedInAccount(t, 'CUSTOMER', { name: 'Old Name Ltd' });
    const res = await call(
      t.app,
      'PUT',
      '/api/v1/user/company',
      {
        name: 'New Name Ltd',
        cacRegistrationNumber: 'RC 1234567',
        tin: '12345678-0001',
        address: { street: '1 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
        contactName: 'Tunde Bakare',
        contactPhone: '+2348035551111',
        contactEmail: 'tunde@example.com',
      },
      { token: account.accessToken },
    );
    expect(res.status).toBe(200);
    const row = await latest(account.company.id, 'company.details_updated');
    expect(row.data.before).toMatchObject({ name: 'Old Name Ltd', cacRegistrationNumber: null, tin: null });
    expect(row.data.after).toMatchObject({ name: 'New Name Ltd', cacRegistrationNumber: 'RC 1234567' });
    expect(row.data.before).not.toHaveProperty('verificationStatus');
  });

  it('a truck edit and its retirement, and a driver taken off the road', async () => {
    const transporter = await signedInAccount(t, 'TRANSPORTER');
    const token = { token: transporter.accessToken };
    const truck = await createTruckViaApi(t, transporter.accessToken, { make: 'MAN' });
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/v1/fleet/trucks/${truck.id}`,
          { make: 'DAF', year: truck.year },
          token,
        )
      ).status,
    ).toBe(200);
    expect((await latest(truck.id, 'truck.updated')).data).toEqual({
      before: { make: 'MAN' },
      after: { make: 'DAF' },
    });

    await call(t.app, 'PATCH', `/api/v1/fleet/trucks/${truck.id}/active`, { active: false }, token);
    expect((await latest(truck.id, 'truck.deactivated')).data).toEqual({
      before: { active: true },
      after: { active: false },
    });

    const driver = await createDriverViaApi(t, transporter.accessToken);
    await call(t.app, 'PATCH', `/api/v1/fleet/drivers/${driver.id}/active`, { active: false }, token);
    expect((await latest(driver.id, 'driver.deactivated')).data).toEqual({
      before: { active: true },
      after: { active: false },
    });
  });

  it('an order cancelled: the status it had and the reason', async () => {
    const customer = await createVerifiedCustomer(t);
    const order = await placeOrderViaApi(t, customer.accessToken);
    const res = await call(
      t.app,
      'POST',
      `/api/v1/orders/${order.id}/cancel`,
      { reason: 'Vessel delayed by two weeks' },
      { token: customer.accessToken },
    );
    expect(res.status).toBe(200);
    expect((await latest(order.id, 'order.cancelled')).data).toMatchObject({
      reason: 'Vessel delayed by two weeks',
      before: { status: 'OPEN' },
      after: { status: 'CANCELLED', cancelledAt: expect.any(String) },
    });
  });
});
