import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expiringWithin, type Driver } from '@freightlane/domain';
import { auditLog, drivers, trips } from '../../db/schema';
import { signedInAccount, uniquePhone } from '../../test/accounts';
import { awardedOrder, setTripState } from '../../test/awarded-trips';
import { createDriverViaApi, driverBody, signedInFleetManagerOf, uniqueLicence } from '../../test/fleet';
import { createVerifiedCustomer, createVerifiedTransporter, lagosDate } from '../../test/marketplace';
import { multipartBody, SAMPLE_FILES, type MultipartFile } from '../../test/multipart';
import { call, createTestApp, randomIp, type TestApp } from '../../test/test-app';

const DRIVERS = '/api/v1/fleet/drivers';

const webp = () =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 test image')]);

describe('fleet drivers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') => {
    const res = await call(t.app, 'GET', `${DRIVERS}${query ? `?${query}` : ''}`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as { content: Driver[]; totalElements: number };
  };
  const ids = async (token: string, query = '') => (await list(token, query)).content.map((d) => d.id).sort();

  async function uploadPhoto(token: string | undefined, driverId: string, file?: MultipartFile) {
    const body = multipartBody({}, file);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${DRIVERS}/${driverId}/photo`,
      remoteAddress: randomIp(),
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
  }
  const downloadPhoto = (token: string, driverId: string) =>
    t.app.inject({
      method: 'GET',
      url: `${DRIVERS}/${driverId}/photo`,
      headers: { authorization: `Bearer ${token}` },
    });
  const photoKeyOf = async (driverId: string) =>
    (await t.ctx.db.select().from(drivers).where(eq(drivers.id, driverId)))[0]!.photoKey;
  const storedFile = (key: string) => path.join(t.dataDir, 'uploads', key);

  it('adds a driver with licence, next of kin and guarantor, in normal forms', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const body = driverBody({ licenceNumber: 'lag-12345 aa01', firstName: '  Musa ' });
    const res = await call(t.app, 'POST', DRIVERS, body, { token: owner.accessToken });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      firstName: 'Musa',
      lastName: 'Ibrahim',
      phoneNumber: body.phoneNumber,
      address: body.address,
      nextOfKin: body.nextOfKin,
      guarantor: body.guarantor,
      licenceNumber: 'LAG12345AA01',
      licenceExpiresOn: body.licenceExpiresOn,
      hasPhoto: false,
      language: null,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.ctx.db.select().from(drivers).where(eq(drivers.id, res.body.id));
    expect(row!.companyId).toBe(owner.company.id);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.id));
    expect(audits.map((a) => a.action)).toEqual(['driver.created']);

    const got = await call(t.app, 'GET', `${DRIVERS}/${res.body.id}`, undefined, {
      token: owner.accessToken,
    });
    expect(got.body).toEqual(res.body);
  });

  it.each([
    [
      'phoneNumber',
      { phoneNumber: '08031234567' },
      'Enter a Nigerian phone number as +234 followed by 10 digits',
    ],
    [
      'licenceNumber',
      { licenceNumber: '12345' },
      'Enter the licence number as 3 letters followed by 5 to 12 letters or digits, e.g. LAG12345AA01',
    ],
    ['licenceExpiresOn', { licenceExpiresOn: 'next year' }, 'Enter a date as YYYY-MM-DD'],
    [
      'nextOfKin.relationship',
      { nextOfKin: { name: 'Ada', phoneNumber: uniquePhone(), relationship: '' } },
      'Relationship is required',
    ],
    ['guarantor', { guarantor: undefined }, 'Invalid input: expected object, received undefined'],
    [
      'address.lga',
      { address: { street: '1 Road', lga: 'Ikeja', city: 'Kano', state: 'Kano' } },
      'Choose an LGA of Kano',
    ],
  ])('answers 400 naming %s and writes nothing', async (field, override, message) => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const res = await call(t.app, 'POST', DRIVERS, driverBody(override), { token: owner.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect((await list(owner.accessToken)).totalElements).toBe(0);
  });

  it('answers 401 without a token and 403 to customers and admins on every driver call', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const driver = await createDriverViaApi(t, owner.accessToken);
    expect((await call(t.app, 'GET', DRIVERS)).status).toBe(401);
    expect(
      (await uploadPhoto(undefined, driver.id, { fileName: 'a.png', content: SAMPLE_FILES.png() })).status,
    ).toBe(401);
    for (const type of ['CUSTOMER', 'ADMIN'] as const) {
      const { accessToken: token } = await signedInAccount(t, type);
      const answers = await Promise.all([
        call(t.app, 'GET', DRIVERS, undefined, { token }),
        call(t.app, 'POST', DRIVERS, driverBody(), { token }),
        call(t.app, 'GET', `${DRIVERS}/${driver.id}`, undefined, { token }),
        call(t.app, 'PATCH', `${DRIVERS}/${driver.id}`, { lastName: 'X' }, { token }),
        call(t.app, 'PATCH', `${DRIVERS}/${driver.id}/active`, { active: false }, { token }),
        uploadPhoto(token, driver.id, { fileName: 'a.png', content: SAMPLE_FILES.png() }),
        downloadPhoto(token, driver.id).then((r) => ({ status: r.statusCode })),
      ]);
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    }
    expect(await photoKeyOf(driver.id)).toBeNull();
  });

  it("answers 404 for another company's driver, photo included, and never lists it", async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const stranger = await signedInAccount(t, 'TRANSPORTER');
    const driver = await createDriverViaApi(t, owner.accessToken);
    expect(
      (await uploadPhoto(owner.accessToken, driver.id, { fileName: 'me.png', content: SAMPLE_FILES.png() }))
        .status,
    ).toBe(200);
    const token = stranger.accessToken;
    const answers = await Promise.all([
      call(t.app, 'GET', `${DRIVERS}/${driver.id}`, undefined, { token }),
      call(t.app, 'PATCH', `${DRIVERS}/${driver.id}`, { lastName: 'X' }, { token }),
      call(t.app, 'PATCH', `${DRIVERS}/${driver.id}/active`, { active: false }, { token }),
      uploadPhoto(token, driver.id, { fileName: 'a.png', content: SAMPLE_FILES.png() }),
      downloadPhoto(token, driver.id).then((r) => ({ status: r.statusCode, body: r.json() })),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 5 }, () => [404, 'Driver not found']),
    );
    expect((await list(token)).totalElements).toBe(0);
    const [row] = await t.ctx.db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row).toMatchObject({ lastName: 'Ibrahim', active: true });
  });

  it('refuses a phone or licence already in the company with 409 naming the field', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const first = await createDriverViaApi(t, token);
    const samePhone = await call(t.app, 'POST', DRIVERS, driverBody({ phoneNumber: first.phoneNumber }), {
      token,
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.errors).toEqual([
      { field: 'phoneNumber', message: 'A driver with this phone number is already in your fleet.' },
    ]);
    const sameLicence = await call(
      t.app,
      'POST',
      DRIVERS,
      driverBody({ licenceNumber: first.licenceNumber.toLowerCase() }),
      { token },
    );
    expect(sameLicence.status).toBe(409);
    expect(sameLicence.body.errors).toEqual([
      { field: 'licenceNumber', message: 'A driver with this licence number is already in your fleet.' },
    ]);
    expect((await list(token)).totalElements).toBe(1);

    const second = await createDriverViaApi(t, token);
    const patched = await call(
      t.app,
      'PATCH',
      `${DRIVERS}/${second.id}`,
      { licenceNumber: first.licenceNumber },
      { token },
    );
    expect(patched.status).toBe(409);
    expect(patched.body.errors[0].field).toBe('licenceNumber');
    const own = await call(
      t.app,
      'PATCH',
      `${DRIVERS}/${second.id}`,
      { phoneNumber: second.phoneNumber, licenceExpiresOn: lagosDate(100) },
      { token },
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ licenceNumber: second.licenceNumber, licenceExpiresOn: lagosDate(100) });

    const other = await signedInAccount(t, 'TRANSPORTER');
    const elsewhere = await createDriverViaApi(t, other.accessToken, {
      phoneNumber: first.phoneNumber,
      licenceNumber: first.licenceNumber,
    });
    expect(elsewhere.licenceNumber).toBe(first.licenceNumber);
  });

  it('changes only the fields sent; a fleet manager of the company may too', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const manager = await signedInFleetManagerOf(t, owner);
    const driver = await createDriverViaApi(t, owner.accessToken);
    const guarantor = { ...driver.guarantor, name: 'Alhaji Sani Bello' };
    const res = await call(
      t.app,
      'PATCH',
      `${DRIVERS}/${driver.id}`,
      { lastName: 'Danjuma', guarantor },
      { token: manager.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...driver, lastName: 'Danjuma', guarantor, updatedAt: res.body.updatedAt });
  });

  it('searches name, phone however typed, and licence', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const chidi = await createDriverViaApi(t, token, {
      firstName: 'Chidi',
      lastName: 'Okeke',
      phoneNumber: '+2348061112233',
    });
    const yusuf = await createDriverViaApi(t, token, {
      firstName: 'Yusuf',
      lastName: 'Garba',
      licenceNumber: 'KAN98765ZZ11',
    });
    expect(await ids(token, 'q=chidi okeke')).toEqual([chidi.id]);
    expect(await ids(token, 'q=08061112233')).toEqual([chidi.id]);
    expect(await ids(token, `q=${encodeURIComponent('+234 806 111 2233')}`)).toEqual([chidi.id]);
    expect(await ids(token, 'q=kan98765')).toEqual([yusuf.id]);
    expect(await ids(token, 'q=nobody')).toEqual([]);
  });

  it('lists as available only active drivers not on a live trip', async () => {
    const customer = await createVerifiedCustomer(t);
    const owner = await createVerifiedTransporter(t);
    const token = owner.accessToken;
    const onTrip = await createDriverViaApi(t, token);
    const idle = await createDriverViaApi(t, token);
    const off = await createDriverViaApi(t, token);
    const deactivated = await call(
      t.app,
      'PATCH',
      `${DRIVERS}/${off.id}/active`,
      { active: false },
      { token },
    );
    expect(deactivated.body.active).toBe(false);
    const { order } = await awardedOrder(t, customer, owner);
    const tripId = order.trips[0].id as string;
    await t.ctx.db.update(trips).set({ driverId: onTrip.id }).where(eq(trips.id, tripId));

    expect(await ids(token, 'available=true')).toEqual([idle.id]);
    expect(await ids(token, 'available=false')).toEqual([onTrip.id, off.id].sort());
    expect(await ids(token, 'active=true')).toEqual([onTrip.id, idle.id].sort());
    await setTripState(t, [tripId], { cancelled: true });
    expect(await ids(token, 'available=true')).toEqual([onTrip.id, idle.id].sort());
  });

  it('filters drivers whose licence is expired or expires within 30 days', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const byDays = await Promise.all(
      [-30, 0, 30, 31, 365].map(async (days) => ({
        days,
        driver: await createDriverViaApi(t, token, {
          licenceExpiresOn: lagosDate(days),
          licenceNumber: uniqueLicence(),
        }),
      })),
    );
    const flagged = await ids(token, 'expiring=true');
    expect(flagged).toEqual(
      byDays
        .filter((d) => d.days <= 30)
        .map((d) => d.driver.id)
        .sort(),
    );
    expect(await ids(token, 'expiring=false')).toEqual(
      byDays
        .filter((d) => d.days > 30)
        .map((d) => d.driver.id)
        .sort(),
    );
    for (const { driver } of byDays) {
      const status = expiringWithin(driver.licenceExpiresOn);
      expect(flagged.includes(driver.id)).toBe(status === 'EXPIRED' || status === 'EXPIRING');
    }
  });

  it('stores a photo, serves it only to the company, and replaces it deleting the old file', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const driver = await createDriverViaApi(t, owner.accessToken);
    const none = await downloadPhoto(owner.accessToken, driver.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Driver photo not found');

    const first = await uploadPhoto(owner.accessToken, driver.id, {
      fileName: 'musa.png',
      content: SAMPLE_FILES.png(),
      contentType: 'application/octet-stream',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: driver.id, hasPhoto: true });
    const firstKey = (await photoKeyOf(driver.id))!;
    expect(fs.existsSync(storedFile(firstKey))).toBe(true);

    const shown = await downloadPhoto(owner.accessToken, driver.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toBe('attachment');
    expect(shown.rawPayload.equals(SAMPLE_FILES.png())).toBe(true);

    const second = await uploadPhoto(owner.accessToken, driver.id, {
      fileName: 'musa.webp',
      content: webp(),
    });
    expect(second.status).toBe(200);
    const secondKey = (await photoKeyOf(driver.id))!;
    expect(secondKey).not.toBe(firstKey);
    expect(fs.existsSync(storedFile(firstKey))).toBe(false);
    const replaced = await downloadPhoto(owner.accessToken, driver.id);
    expect(replaced.headers['content-type']).toBe('image/webp');
    expect(replaced.rawPayload.equals(webp())).toBe(true);

    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, driver.id));
    expect(audits.filter((a) => a.action === 'driver.photo_uploaded')).toHaveLength(2);
    expect(
      (await call(t.app, 'GET', `${DRIVERS}/${driver.id}`, undefined, { token: owner.accessToken })).body
        .hasPhoto,
    ).toBe(true);
  });

  it('reads the photo kind from its content: PDF bytes named .jpg, an empty file and over 5 MB are 400', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const driver = await createDriverViaApi(t, owner.accessToken);
    const disguised = await uploadPhoto(owner.accessToken, driver.id, {
      fileName: 'photo.jpg',
      content: SAMPLE_FILES.pdf(),
      contentType: 'image/jpeg',
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body.errors).toEqual([{ field: 'file', message: 'Upload a JPEG, PNG, WebP file' }]);

    const missing = await uploadPhoto(owner.accessToken, driver.id);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('file');

    const huge = Buffer.concat([SAMPLE_FILES.jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await uploadPhoto(owner.accessToken, driver.id, { fileName: 'big.jpg', content: huge });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toEqual([{ field: 'file', message: 'The file must be at most 5 MB' }]);

    expect(await photoKeyOf(driver.id)).toBeNull();
    expect(
      fs.existsSync(path.join(t.dataDir, 'uploads', 'driver-photos'))
        ? fs.readdirSync(path.join(t.dataDir, 'uploads', 'driver-photos')).length
        : 0,
    ).toBe(await countPhotos());
  });

  async function countPhotos() {
    const rows = await t.ctx.db.select({ key: drivers.photoKey }).from(drivers);
    return rows.filter((r) => r.key !== null).length;
  }
});
