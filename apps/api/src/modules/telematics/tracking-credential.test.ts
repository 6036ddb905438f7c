import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TrackingCompany, TrackingCredential, TrackingDevice } from '@freightlane/domain';
import { auditLog, trackingCredentials } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { createTruckViaApi, signedInFleetManagerOf } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { TraccarServer, traccarDevice } from '../../test/traccar-server';

const CREDENTIALS = '/api/v1/tracking-credentials';
const devicesOf = (id: string) => `/api/v1/tracking-credentials/trucks/${id}`;

describe('tracking companies and credentials', () => {
  let t: TestApp;
  const traccar = new TraccarServer();
  let companies: TrackingCompany[];
  const companyOf = (kind: TrackingCompany['kind']) => companies.find((c) => c.kind === kind)!.id;

  beforeAll(async () => {
    await traccar.start();
    t = await createTestApp({ TRACKING_ALLOW_INTERNAL_HOSTS: 'true' });
    const anyone = await signedInAccount(t, 'CUSTOMER');
    const res = await call(t.app, 'GET', '/api/v1/tracking-companies', undefined, {
      token: anyone.accessToken,
    });
    expect(res.status).toBe(200);
    companies = res.body as TrackingCompany[];
  });
  afterAll(async () => {
    await t.close();
    await traccar.stop();
  });
  beforeEach(() => {
    traccar.mode = 'ok';
    traccar.devices = [
      traccarDevice(7, 'Tracker LSR 123 XY', '356307042441013'),
      traccarDevice(8, 'Tracker KJA 456 AB', '356307042441021'),
      traccarDevice(9, 'Spare tracker', '356307042441039'),
    ];
  });

  const traccarBody = (overrides: Record<string, unknown> = {}) => ({
    trackingCompanyId: companyOf('TRACCAR'),
    label: 'Our Traccar',
    baseUrl: traccar.url,
    authMethod: 'PASSWORD',
    username: traccar.email,
    password: traccar.password,
    ...overrides,
  });

  async function savedCredential(token: string, overrides: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', CREDENTIALS, traccarBody(overrides), { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TrackingCredential;
  }

  it('lists Traccar, Driver phone and the Simulator to anyone signed in, and nobody else', async () => {
    expect(companies.map((c) => [c.name, c.kind, c.needsCredential])).toEqual([
      ['Driver phone', 'DRIVER_PHONE', false],
      ['Simulator', 'SIMULATOR', true],
      ['Traccar', 'TRACCAR', true],
    ]);
    expect((await call(t.app, 'GET', '/api/v1/tracking-companies')).status).toBe(401);
  });

  it('saves a Traccar account after signing in to it, lists its devices, and never sends the password back', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const saved = await savedCredential(owner.accessToken);
    expect(saved).toMatchObject({
      trackingCompany: { name: 'Traccar', kind: 'TRACCAR' },
      label: 'Our Traccar',
      baseUrl: traccar.url,
      authMethod: 'PASSWORD',
      username: traccar.email,
      hasSecret: true,
      status: 'CONNECTED',
      deviceCount: 3,
      linkedDeviceCount: 0,
    });
    expect(JSON.stringify(saved)).not.toContain(traccar.password);

    const [row] = await t.ctx.db
      .select()
      .from(trackingCredentials)
      .where(eq(trackingCredentials.id, saved.id));
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(row!.secretCiphertext).not.toContain(traccar.password);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, saved.id));
    expect(audits.map((a) => a.action)).toEqual(['tracking_credential.created']);
    expect(JSON.stringify(audits)).not.toContain(traccar.password);
    expect(audits[0]!.ipAddress).toBeTruthy();

    const list = await call(t.app, 'GET', CREDENTIALS, undefined, { token: owner.accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([saved]);
    expect(JSON.stringify(list.body)).not.toContain(traccar.password);
  });

  it('saves an account that signs in with an access token', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const saved = await savedCredential(owner.accessToken, {
      authMethod: 'TOKEN',
      username: undefined,
      password: undefined,
      token: traccar.token,
    });
    expect(saved).toMatchObject({ authMethod: 'TOKEN', username: null, hasSecret: true, deviceCount: 3 });
  });

  it('refuses an account the provider refuses, cannot be reached at, or that lacks a field, saving nothing', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const refused = await call(t.app, 'POST', CREDENTIALS, traccarBody({ password: 'wrong' }), { token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'password', message: 'The tracking server refused this e-mail and password.' },
    ]);
    const badToken = await call(
      t.app,
      'POST',
      CREDENTIALS,
      traccarBody({ authMethod: 'TOKEN', token: 'nope', password: undefined }),
      { token },
    );
    expect(badToken.body.errors).toEqual([
      { field: 'token', message: 'The tracking server refused this access token.' },
    ]);
    const nowhere = await call(t.app, 'POST', CREDENTIALS, traccarBody({ baseUrl: 'http://127.0.0.1:9' }), {
      token,
    });
    expect(nowhere.body.errors).toEqual([
      { field: 'baseUrl', message: 'The tracking server at http://127.0.0.1:9 could not be reached.' },
    ]);
    traccar.mode = 'malformed-json';
    const nonsense = await call(t.app, 'POST', CREDENTIALS, traccarBody(), { token });
    expect(nonsense.body.errors).toEqual([
      { field: 'baseUrl', message: 'The tracking server answered something that is not JSON.' },
    ]);
    traccar.mode = 'ok';
    const noPassword = await call(t.app, 'POST', CREDENTIALS, traccarBody({ password: undefined }), {
      token,
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual([{ field: 'password', message: 'Enter the password' }]);
    const ftp = await call(t.app, 'POST', CREDENTIALS, traccarBody({ baseUrl: 'ftp://gps.example.ng' }), {
      token,
    });
    expect(ftp.status).toBe(400);
    expect(ftp.body.errors[0].field).toBe('baseUrl');
    const phone = await call(
      t.app,
      'POST',
      CREDENTIALS,
      { trackingCompanyId: companyOf('DRIVER_PHONE'), label: 'Phones' },
      { token },
    );
    expect(phone.status).toBe(400);
    expect(phone.body.errors[0]).toEqual({
      field: 'trackingCompanyId',
      message: "Driver phone needs no account: each driver's phone link is on the driver's page.",
    });
    const extra = await call(t.app, 'POST', CREDENTIALS, { ...traccarBody(), secretKey: 'x' }, { token });
    expect(extra.status).toBe(400);
    const list = await call(t.app, 'GET', CREDENTIALS, undefined, { token });
    expect(list.body).toEqual([]);
  });

  it('refuses an address on this machine or a private network unless the installation allows it', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signedInAccount(strict, 'TRANSPORTER');
      const token = owner.accessToken;
      const theirs = await call(strict.app, 'GET', '/api/v1/tracking-companies', undefined, { token });
      const trackingCompanyId = (theirs.body as TrackingCompany[]).find((c) => c.kind === 'TRACCAR')!.id;
      const res = await call(strict.app, 'POST', CREDENTIALS, traccarBody({ trackingCompanyId }), { token });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'baseUrl', message: 'The server address must be reachable on the internet.' },
      ]);
    } finally {
      await strict.close();
    }
  });

  it('saves a Simulator account with its five trackers', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const res = await call(
      t.app,
      'POST',
      CREDENTIALS,
      { trackingCompanyId: companyOf('SIMULATOR'), label: 'Demo trackers' },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ baseUrl: null, authMethod: null, hasSecret: false, deviceCount: 5 });
  });

  it('changes an account: a new password is tried first, a label alone is not, and pausing stops it', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const saved = await savedCredential(token);
    const asked = traccar.requests.length;
    const renamed = await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${saved.id}`,
      { label: 'Main GPS' },
      { token },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ label: 'Main GPS', hasSecret: true });
    expect(traccar.requests.length).toBe(asked);

    const wrong = await call(t.app, 'PATCH', `${CREDENTIALS}/${saved.id}`, { password: 'wrong' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('password');
    // The stored password still works: the refused one was not saved.
    const devices = await call(t.app, 'GET', devicesOf(saved.id), undefined, { token });
    expect(devices.body.totalElements).toBe(3);

    const toToken = await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${saved.id}`,
      { authMethod: 'TOKEN' },
      { token },
    );
    expect(toToken.status).toBe(400);
    expect(toToken.body.errors).toEqual([{ field: 'token', message: 'Enter the access token' }]);
    const switched = await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${saved.id}`,
      { authMethod: 'TOKEN', token: traccar.token },
      { token },
    );
    expect(switched.body).toMatchObject({ authMethod: 'TOKEN', username: null, hasSecret: true });

    const paused = await call(t.app, 'PATCH', `${CREDENTIALS}/${saved.id}`, { active: false }, { token });
    expect(paused.body.status).toBe('PAUSED');
    const resumed = await call(t.app, 'PATCH', `${CREDENTIALS}/${saved.id}`, { active: true }, { token });
    expect(resumed.body.status).toBe('CONNECTED');
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, saved.id));
    expect(JSON.stringify(audits)).not.toContain(traccar.token);
  });

  it('asks for the password again, instead of failing, when the stored one no longer opens', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const saved = await savedCredential(token);
    await t.ctx.db
      .update(trackingCredentials)
      .set({ secretCiphertext: 'v1.c2VhbGVkIHdpdGggYW5vdGhlciBrZXk' })
      .where(eq(trackingCredentials.id, saved.id));
    const devices = await call(t.app, 'GET', devicesOf(saved.id), undefined, { token });
    expect(devices.status).toBe(200);
    expect(devices.body.totalElements).toBe(3);
    const resume = await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${saved.id}`,
      { username: 'dispatch@eko-haulage.ng' },
      { token },
    );
    expect(resume.status).toBe(400);
    expect(resume.body.errors).toEqual([{ field: 'password', message: 'Enter the password' }]);
    const fixed = await call(
      t.app,
      'PATCH',
      `${CREDENTIALS}/${saved.id}`,
      { username: traccar.email, password: traccar.password },
      { token },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.hasSecret).toBe(true);
  });

  it('pages the devices 20 at a time, picking up devices added at the provider', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const saved = await savedCredential(token);
    traccar.devices = Array.from({ length: 23 }, (_, i) =>
      traccarDevice(100 + i, `Tracker ${String(i).padStart(2, '0')}`, `35630704244${1000 + i}`),
    );
    const first = await call(t.app, 'GET', devicesOf(saved.id), undefined, { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalElements: 26, totalPages: 2, number: 0, size: 20 });
    expect(first.body.content).toHaveLength(20);
    const second = await call(t.app, 'GET', `${devicesOf(saved.id)}?page=1&limit=20`, undefined, { token });
    expect(second.body.content).toHaveLength(6);
    const bad = await call(t.app, 'GET', `${devicesOf(saved.id)}?page=-1&limit=500`, undefined, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'query.limit',
      'query.page',
    ]);
  });

  it('links devices to trucks, moves a truck between devices, and refuses what is not the company’s', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const saved = await savedCredential(token);
    const truckA = await createTruckViaApi(t, token);
    const truckB = await createTruckViaApi(t, token);
    const devices = (await call(t.app, 'GET', devicesOf(saved.id), undefined, { token })).body
      .content as TrackingDevice[];
    const [d1, d2, d3] = devices;

    const linked = await call(
      t.app,
      'POST',
      devicesOf(saved.id),
      {
        links: [
          { deviceId: d1!.id, truckId: truckA.id },
          { deviceId: d2!.id, truckId: truckB.id },
        ],
      },
      { token },
    );
    expect(linked.status).toBe(200);
    const byId = (page: Record<string, any>) =>
      new Map((page.content as TrackingDevice[]).map((d) => [d.id, d.truck]));
    expect(byId(linked.body).get(d1!.id)).toEqual({
      id: truckA.id,
      registrationNumber: truckA.registrationNumber,
    });
    expect(byId(linked.body).get(d3!.id)).toBeNull();

    // Truck A moves to the third device; the first is left without a truck.
    const moved = await call(
      t.app,
      'POST',
      devicesOf(saved.id),
      { links: [{ deviceId: d3!.id, truckId: truckA.id }] },
      { token },
    );
    expect(byId(moved.body).get(d3!.id)?.id).toBe(truckA.id);
    expect(byId(moved.body).get(d1!.id)).toBeNull();
    const unlinked = await call(
      t.app,
      'POST',
      devicesOf(saved.id),
      { links: [{ deviceId: d2!.id, truckId: null }] },
      { token },
    );
    expect(byId(unlinked.body).get(d2!.id)).toBeNull();
    const list = await call(t.app, 'GET', CREDENTIALS, undefined, { token });
    expect(list.body[0].linkedDeviceCount).toBe(1);

    const other = await signedInAccount(t, 'TRANSPORTER');
    const theirTruck = await createTruckViaApi(t, other.accessToken);
    const foreign = await call(
      t.app,
      'POST',
      devicesOf(saved.id),
      {
        links: [
          { deviceId: d1!.id, truckId: theirTruck.id },
          { deviceId: '00000000-0000-4000-8000-000000000000', truckId: null },
        ],
      },
      { token },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      { field: 'links.0.truckId', message: 'Truck not found' },
      { field: 'links.1.deviceId', message: 'Device not found' },
    ]);
    const twice = await call(
      t.app,
      'POST',
      devicesOf(saved.id),
      {
        links: [
          { deviceId: d1!.id, truckId: truckB.id },
          { deviceId: d2!.id, truckId: truckB.id },
        ],
      },
      { token },
    );
    expect(twice.body.errors).toEqual([
      { field: 'links.1.truckId', message: `${truckB.registrationNumber} is given two devices` },
    ]);
  });

  it('shows one company’s accounts and devices to nobody else, and keeps customers out', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const saved = await savedCredential(owner.accessToken);
    const manager = await signedInFleetManagerOf(t, owner);
    const managerList = await call(t.app, 'GET', CREDENTIALS, undefined, { token: manager.accessToken });
    expect(managerList.body.map((c: TrackingCredential) => c.id)).toEqual([saved.id]);

    const other = await signedInAccount(t, 'TRANSPORTER');
    const token = other.accessToken;
    expect((await call(t.app, 'GET', CREDENTIALS, undefined, { token })).body).toEqual([]);
    expect((await call(t.app, 'GET', devicesOf(saved.id), undefined, { token })).status).toBe(404);
    expect(
      (await call(t.app, 'PATCH', `${CREDENTIALS}/${saved.id}`, { label: 'Mine' }, { token })).status,
    ).toBe(404);
    const devices = (await call(t.app, 'GET', devicesOf(saved.id), undefined, { token: owner.accessToken }))
      .body;
    const link = { links: [{ deviceId: devices.content[0].id, truckId: null }] };
    expect((await call(t.app, 'POST', devicesOf(saved.id), link, { token })).status).toBe(404);

    const customer = await signedInAccount(t, 'CUSTOMER');
    expect((await call(t.app, 'GET', CREDENTIALS, undefined, { token: customer.accessToken })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', CREDENTIALS, traccarBody(), { token: customer.accessToken })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', CREDENTIALS)).status).toBe(401);
    expect((await call(t.app, 'GET', devicesOf('not-a-uuid'), undefined, { token })).status).toBe(400);
  });
});
