import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { expiringWithin, type Truck } from '@freightlane/domain';
import { auditLog, trips, trucks } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { awardedOrder, setTripState } from '../../test/awarded-trips';
import { createTruckViaApi, signedInFleetManagerOf, truckBody, uniquePlate } from '../../test/fleet';
import { createVerifiedCustomer, createVerifiedTransporter, lagosDate } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const TRUCKS = '/api/v1/fleet/trucks';

describe('fleet trucks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') => {
    const res = await call(t.app, 'GET', `${TRUCKS}${query ? `?${query}` : ''}`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as { content: Truck[]; totalElements: number; totalPages: number };
  };
  const plates = async (token: string, query = '') =>
    (await list(token, query)).content.map((truck) => truck.registrationNumber).sort();

  it('registers a truck with its plate in one written form, capacity in tenths and each document', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const expiresOn = lagosDate(200);
    const res = await call(
      t.app,
      'POST',
      TRUCKS,
      truckBody({
        registrationNumber: ' lsr-482xy ',
        make: ' DAF ',
        capacityTonnes: 32.5,
        documents: {
          vehicleLicence: { number: 'VL-100200', expiresOn },
          hackneyPermit: { number: '', expiresOn },
        },
      }),
      { token: owner.accessToken },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      registrationNumber: 'LSR 482 XY',
      make: 'DAF',
      model: 'TGS 33.400',
      year: 2019,
      type: 'CONTAINER_CHASSIS_40',
      capacityTonnes: 32.5,
      documents: {
        vehicleLicence: { number: 'VL-100200', expiresOn },
        roadWorthiness: null,
        insurance: null,
        hackneyPermit: { number: null, expiresOn },
      },
      active: true,
    });
    const [row] = await t.ctx.db.select().from(trucks).where(eq(trucks.id, res.body.id));
    expect(row).toMatchObject({ companyId: owner.company.id, capacityTenthTonnes: 325 });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, 'truck.created')));
    expect(audit).toMatchObject({ actorUserId: owner.user.id, companyId: owner.company.id });

    const got = await call(t.app, 'GET', `${TRUCKS}/${res.body.id}`, undefined, { token: owner.accessToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("lets a fleet manager work on the owner's trucks", async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const manager = await signedInFleetManagerOf(t, owner);
    const byOwner = await createTruckViaApi(t, owner.accessToken);
    const byManager = await createTruckViaApi(t, manager.accessToken);
    expect(await plates(manager.accessToken)).toEqual(
      [byOwner.registrationNumber, byManager.registrationNumber].sort(),
    );
    const patched = await call(
      t.app,
      'PATCH',
      `${TRUCKS}/${byOwner.id}`,
      { model: 'CF 85' },
      { token: manager.accessToken },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.model).toBe('CF 85');
  });

  it.each([
    [
      'registrationNumber',
      { registrationNumber: 'LAGOS 1' },
      'Enter the plate as 3 letters, 3 digits and 2 letters, e.g. LSR 123 XY',
    ],
    ['capacityTonnes', { capacityTonnes: 12.25 }, 'Capacity has at most 1 decimal'],
    ['capacityTonnes', { capacityTonnes: 0 }, 'Capacity must be more than 0 tonnes'],
    ['year', { year: 1960 }, 'Year must be 1970 or later'],
    ['type', { type: 'BICYCLE' }, 'Choose the truck type'],
    ['make', { make: '  ' }, 'Make is required'],
    [
      'documents.insurance.expiresOn',
      { documents: { insurance: { expiresOn: '31/12/2030' } } },
      'Enter a date as YYYY-MM-DD',
    ],
    ['colour', { colour: 'red' }, 'Unknown field'],
  ])('answers 400 naming %s and writes nothing', async (field, override, message) => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const res = await call(t.app, 'POST', TRUCKS, truckBody(override), { token: owner.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect((await list(owner.accessToken)).totalElements).toBe(0);
  });

  it('answers 400 for bad list filters and bad bodies on change', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const truck = await createTruckViaApi(t, owner.accessToken);
    const token = owner.accessToken;
    const badType = await call(t.app, 'GET', `${TRUCKS}?type=BOAT`, undefined, { token });
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toContainEqual({ field: 'query.type', message: 'Unknown truck type' });
    const badAvailable = await call(t.app, 'GET', `${TRUCKS}?available=maybe`, undefined, { token });
    expect(badAvailable.status).toBe(400);
    expect(badAvailable.body.errors[0].field).toBe('query.available');
    const badExpiring = await call(t.app, 'GET', `${TRUCKS}?expiring=soon`, undefined, { token });
    expect(badExpiring.body.errors[0].field).toBe('query.expiring');
    const badPatch = await call(t.app, 'PATCH', `${TRUCKS}/${truck.id}`, { year: 'old' }, { token });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.errors[0].field).toBe('year');
    const badActive = await call(t.app, 'PATCH', `${TRUCKS}/${truck.id}/active`, { active: 'no' }, { token });
    expect(badActive.status).toBe(400);
    expect(badActive.body.errors).toContainEqual({ field: 'active', message: 'active is true or false' });
  });

  it('answers 401 without a token and 403 to customers and admins', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const truck = await createTruckViaApi(t, owner.accessToken);
    const noToken = await call(t.app, 'GET', TRUCKS);
    expect(noToken.status).toBe(401);
    for (const type of ['CUSTOMER', 'ADMIN'] as const) {
      const other = await signedInAccount(t, type);
      const token = other.accessToken;
      const answers = await Promise.all([
        call(t.app, 'GET', TRUCKS, undefined, { token }),
        call(t.app, 'POST', TRUCKS, truckBody(), { token }),
        call(t.app, 'GET', `${TRUCKS}/${truck.id}`, undefined, { token }),
        call(t.app, 'PATCH', `${TRUCKS}/${truck.id}`, { make: 'Volvo' }, { token }),
        call(t.app, 'PATCH', `${TRUCKS}/${truck.id}/active`, { active: false }, { token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
      expect(answers[0]!.body.message).toBe('Your account type cannot do this.');
    }
    expect(
      (await call(t.app, 'GET', `${TRUCKS}/${truck.id}`, undefined, { token: owner.accessToken })).body.make,
    ).toBe('MAN');
  });

  it("answers 404 for another company's truck and never lists it", async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const stranger = await signedInAccount(t, 'TRANSPORTER');
    const truck = await createTruckViaApi(t, owner.accessToken);
    const token = stranger.accessToken;
    const answers = await Promise.all([
      call(t.app, 'GET', `${TRUCKS}/${truck.id}`, undefined, { token }),
      call(t.app, 'PATCH', `${TRUCKS}/${truck.id}`, { make: 'Volvo' }, { token }),
      call(t.app, 'PATCH', `${TRUCKS}/${truck.id}/active`, { active: false }, { token }),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [404, 'Truck not found'],
      [404, 'Truck not found'],
      [404, 'Truck not found'],
    ]);
    expect((await list(token)).totalElements).toBe(0);
    const [row] = await t.ctx.db.select().from(trucks).where(eq(trucks.id, truck.id));
    expect(row).toMatchObject({ make: 'MAN', active: true });
  });

  it('refuses the same plate twice in one company, however it is written, with 409 on registrationNumber', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const first = await createTruckViaApi(t, owner.accessToken, { registrationNumber: 'KJA 555 AB' });
    const again = await call(t.app, 'POST', TRUCKS, truckBody({ registrationNumber: 'kja555ab' }), {
      token: owner.accessToken,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([
      {
        field: 'registrationNumber',
        message: 'A truck with this registration number is already in your fleet.',
      },
    ]);
    expect((await list(owner.accessToken)).totalElements).toBe(1);

    const second = await createTruckViaApi(t, owner.accessToken);
    const renamed = await call(
      t.app,
      'PATCH',
      `${TRUCKS}/${second.id}`,
      { registrationNumber: first.registrationNumber },
      { token: owner.accessToken },
    );
    expect(renamed.status).toBe(409);
    expect(renamed.body.errors[0].field).toBe('registrationNumber');
    // Keeping its own plate is not a clash.
    const same = await call(
      t.app,
      'PATCH',
      `${TRUCKS}/${first.id}`,
      { registrationNumber: 'KJA-555-AB', make: 'Iveco' },
      { token: owner.accessToken },
    );
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ registrationNumber: 'KJA 555 AB', make: 'Iveco' });

    // Another company may register the same plate: a global rule would leak who owns which plate.
    const other = await signedInAccount(t, 'TRANSPORTER');
    const theirs = await createTruckViaApi(t, other.accessToken, { registrationNumber: 'KJA 555 AB' });
    expect(theirs.registrationNumber).toBe('KJA 555 AB');
  });

  it('changes only the fields sent, and merges documents kind by kind', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const truck = await createTruckViaApi(t, owner.accessToken);
    const newInsurance = { number: 'INS-777', expiresOn: lagosDate(400) };
    const hackney = { expiresOn: lagosDate(90) };
    const res = await call(
      t.app,
      'PATCH',
      `${TRUCKS}/${truck.id}`,
      { capacityTonnes: 40, documents: { insurance: newInsurance, hackneyPermit: hackney } },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      registrationNumber: truck.registrationNumber,
      make: truck.make,
      capacityTonnes: 40,
      documents: {
        vehicleLicence: truck.documents.vehicleLicence,
        roadWorthiness: truck.documents.roadWorthiness,
        insurance: newInsurance,
        hackneyPermit: { number: null, expiresOn: hackney.expiresOn },
      },
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(truck.updatedAt));
    const [row] = await t.ctx.db.select().from(trucks).where(eq(trucks.id, truck.id));
    expect(row!.capacityTenthTonnes).toBe(400);
  });

  it('deactivates and reactivates a truck, recording each change once', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const truck = await createTruckViaApi(t, owner.accessToken);
    const url = `${TRUCKS}/${truck.id}/active`;
    const off = await call(t.app, 'PATCH', url, { active: false }, { token: owner.accessToken });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    await call(t.app, 'PATCH', url, { active: false }, { token: owner.accessToken });
    expect(await plates(owner.accessToken, 'active=true')).toEqual([]);
    expect(await plates(owner.accessToken, 'active=false')).toEqual([truck.registrationNumber]);
    const on = await call(t.app, 'PATCH', url, { active: true }, { token: owner.accessToken });
    expect(on.body.active).toBe(true);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, truck.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'truck.activated',
      'truck.created',
      'truck.deactivated',
    ]);
  });

  it('searches plate (in any spelling), make and model, filters by type and pages', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    await createTruckViaApi(t, token, { registrationNumber: 'APP 101 AA', make: 'Mack', model: 'Granite' });
    await createTruckViaApi(t, token, { registrationNumber: 'EKY 202 BB', make: 'Sinotruk', model: 'Howo' });
    await createTruckViaApi(t, token, {
      registrationNumber: 'FST 303 CC',
      make: 'Mercedes-Benz',
      model: 'Actros',
      type: 'FLATBED',
    });
    expect(await plates(token, 'q=app101')).toEqual(['APP 101 AA']);
    expect(await plates(token, 'q=eky-202')).toEqual(['EKY 202 BB']);
    expect(await plates(token, 'q=howo')).toEqual(['EKY 202 BB']);
    expect(await plates(token, 'q=MERCEDES')).toEqual(['FST 303 CC']);
    expect(await plates(token, 'q=50%25')).toEqual([]);
    expect(await plates(token, 'type=FLATBED')).toEqual(['FST 303 CC']);

    const page = await list(token, 'size=2&page=1');
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
    // Newest first: the first truck registered is alone on the second page.
    expect(page.content.map((truck) => truck.registrationNumber)).toEqual(['APP 101 AA']);
  });

  it('lists as available only active trucks that are not on a live trip', async () => {
    const customer = await createVerifiedCustomer(t);
    const owner = await createVerifiedTransporter(t);
    const token = owner.accessToken;
    const onTrip = await createTruckViaApi(t, token);
    const idle = await createTruckViaApi(t, token);
    const parked = await createTruckViaApi(t, token);
    await call(t.app, 'PATCH', `${TRUCKS}/${parked.id}/active`, { active: false }, { token });
    const { order } = await awardedOrder(t, customer, owner);
    const tripId = order.trips[0].id as string;
    await t.ctx.db.update(trips).set({ truckId: onTrip.id }).where(eq(trips.id, tripId));

    expect(await plates(token, 'available=true')).toEqual([idle.registrationNumber]);
    expect(await plates(token, 'available=false')).toEqual(
      [onTrip.registrationNumber, parked.registrationNumber].sort(),
    );

    await setTripState(t, [tripId], { completed: true });
    expect(await plates(token, 'available=true')).toEqual(
      [onTrip.registrationNumber, idle.registrationNumber].sort(),
    );
    await setTripState(t, [tripId], { completed: false, cancelled: true });
    expect(await plates(token, 'available=true')).toEqual(
      [onTrip.registrationNumber, idle.registrationNumber].sort(),
    );
  });

  it('filters trucks with a document expired or expiring within 30 days, as the screen flags them', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const token = owner.accessToken;
    const withDocs = (days: number[]) =>
      createTruckViaApi(t, token, {
        registrationNumber: uniquePlate(),
        documents: Object.fromEntries(
          (['vehicleLicence', 'roadWorthiness', 'insurance'] as const)
            .slice(0, days.length)
            .map((kind, i) => [kind, { expiresOn: lagosDate(days[i]!) }]),
        ),
      });
    const expired = await withDocs([200, -1]);
    const lastWarningDay = await withDocs([30, 365]);
    const today = await withDocs([0]);
    const fine = await withDocs([31, 365, 90]);
    const none = await withDocs([]);

    const flagged = await plates(token, 'expiring=true');
    expect(flagged).toEqual(
      [expired.registrationNumber, lastWarningDay.registrationNumber, today.registrationNumber].sort(),
    );
    expect(await plates(token, 'expiring=false')).toEqual(
      [fine.registrationNumber, none.registrationNumber].sort(),
    );
    // The same rule as the domain's expiringWithin, which the web uses for its badges.
    for (const truck of (await list(token)).content) {
      const statuses = Object.values(truck.documents)
        .filter((d) => d !== null)
        .map((d) => expiringWithin(d.expiresOn));
      const warned = statuses.some((s) => s === 'EXPIRED' || s === 'EXPIRING');
      expect(flagged.includes(truck.registrationNumber)).toBe(warned);
    }
  });
  it('documents every fleet route in OpenAPI with bearer security and its error answers', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, any>>;
    const routes: [string, string][] = [];
    for (const kind of ['trucks', 'drivers', 'motor-boys', 'managers']) {
      routes.push(
        [`/api/v1/fleet/${kind}`, 'get'],
        [`/api/v1/fleet/${kind}`, 'post'],
        [`/api/v1/fleet/${kind}/{id}`, 'get'],
        [`/api/v1/fleet/${kind}/{id}`, 'patch'],
        [`/api/v1/fleet/${kind}/{id}/active`, 'patch'],
      );
    }
    routes.push(['/api/v1/fleet/drivers/{id}/photo', 'put'], ['/api/v1/fleet/drivers/{id}/photo', 'get']);
    for (const [path, method] of routes) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['Fleet']);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(Object.keys(paths['/api/v1/fleet/trucks']!.post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409']),
    );
    const listParams = (paths['/api/v1/fleet/trucks']!.get.parameters as { name: string }[]).map(
      (p) => p.name,
    );
    expect(listParams).toEqual(
      expect.arrayContaining(['page', 'size', 'q', 'active', 'type', 'available', 'expiring']),
    );
  });
});
