import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import { TERMINALS } from '../../db/seed/reference-data';
import {
  createVerifiedCustomer,
  createVerifiedTransporter,
  insertBid,
  orderBody,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { auditRowsOf, expectAdminOnly, fieldsOf, referenceDataCallers } from '../../test/reference-data';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const BASE = '/api/v1/admin/terminals';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const NEW_DEPOT = {
  code: 'ikorodu-icd',
  name: 'Ikorodu Inland Container Depot',
  operator: 'Ikorodu ICD Ltd',
  kind: 'INLAND_DEPOT',
  port: 'Lagos',
  city: 'Ikorodu',
  state: 'Lagos',
  lga: 'Ikorodu',
  latitude: 6.6194,
  longitude: 3.5105,
};

describe('admin: terminals, holding bays and inland depots', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof referenceDataCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await referenceDataCallers(t);
  });
  afterAll(() => t.close());

  const codeOf = (list: { content: { code: string }[] }) => list.content.map((x) => x.code);
  const offered = async (token: string) =>
    (
      (await call(t.app, 'GET', '/api/v1/lookups/terminals', undefined, { token })).body as unknown as {
        id: string;
      }[]
    ).map((x) => x.id);

  it('lists them by state, port and name, filtered by kind, status and search, paged', async () => {
    const all = await callers.asAdmin('GET', `${BASE}?size=100`);
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(TERMINALS.length);
    expect(all.body.content.find((x: { code: string }) => x.code === 'APMT-APAPA')).toEqual({
      id: expect.any(String),
      code: 'APMT-APAPA',
      name: 'APM Terminals Apapa',
      operator: 'APM Terminals',
      kind: 'PORT_TERMINAL',
      port: 'Apapa',
      city: 'Apapa',
      lga: 'Apapa',
      state: 'Lagos',
      latitude: 6.4453,
      longitude: 3.3636,
      active: true,
    });
    const states = all.body.content.map((x: { state: string }) => x.state);
    expect(states.indexOf('Lagos')).toBeLessThan(states.indexOf('Rivers'));

    const bays = await callers.asAdmin('GET', `${BASE}?kind=HOLDING_BAY&size=100`);
    expect(bays.body.totalElements).toBe(TERMINALS.filter((x) => x.kind === 'HOLDING_BAY').length);
    expect(bays.body.content.every((x: { kind: string }) => x.kind === 'HOLDING_BAY')).toBe(true);

    const onne = await callers.asAdmin('GET', `${BASE}?q=onne&size=100`);
    expect(onne.body.totalElements).toBe(
      TERMINALS.filter((x) => [x.code, x.name, x.port, x.city, x.lga].some((v) => /onne/i.test(v))).length,
    );
    expect(onne.body.totalElements).toBeGreaterThan(0);

    const page = await callers.asAdmin('GET', `${BASE}?size=3&page=1`);
    expect(page.body).toMatchObject({ number: 1, size: 3 });
    expect(codeOf(page.body as never)).toEqual(codeOf(all.body as never).slice(3, 6));

    for (const bad of ['kind=SEAPORT', 'status=GONE', 'size=0', `q=${'q'.repeat(101)}`, 'q=Apapa%00']) {
      expect((await callers.asAdmin('GET', `${BASE}?${bad}`)).status, bad).toBe(400);
    }
  });

  it('adds a depot, which customers can then choose, and refuses a code taken', async () => {
    const res = await callers.asAdmin('POST', BASE, NEW_DEPOT);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ...NEW_DEPOT, id: expect.any(String), code: 'IKORODU-ICD', active: true });
    expect(await offered(callers.others.customer.accessToken)).toContain(res.body.id);
    const [row] = await auditRowsOf(t, 'terminal', res.body.id);
    expect(row).toMatchObject({
      action: 'terminal.created',
      actorUserId: callers.admin.user.id,
      data: { before: null, after: { ...NEW_DEPOT, code: 'IKORODU-ICD', active: true } },
    });

    const again = await callers.asAdmin('POST', BASE, { ...NEW_DEPOT, name: 'Another depot' });
    expect(again.status).toBe(409);
    expect(fieldsOf(again)).toEqual(['code']);
  });

  it('adds one without a known gate position', async () => {
    const { latitude: _lat, longitude: _lng, ...withoutPosition } = NEW_DEPOT;
    const res = await callers.asAdmin('POST', BASE, {
      ...withoutPosition,
      code: 'AGBARA-BAY',
      kind: 'HOLDING_BAY',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ latitude: null, longitude: null, kind: 'HOLDING_BAY' });
  });

  it('answers 400 naming the field for a bad place, position or text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 51.5, longitude: -0.12 }, 'latitude'],
      [{ latitude: 6.5, longitude: 16 }, 'longitude'],
      [{ latitude: 6.5, longitude: null }, 'longitude'],
      [{ latitude: undefined }, 'latitude'],
      [{ latitude: '6.5' }, 'latitude'],
      [{ lga: 'Port Harcourt' }, 'lga'],
      [{ state: 'Lagos State' }, 'state'],
      [{ kind: 'SEAPORT' }, 'kind'],
      [{ name: 'n'.repeat(121) }, 'name'],
      [{ operator: '' }, 'operator'],
      [{ city: 'Iko\u0000rodu' }, 'city'],
      [{ code: 'BAD CODE' }, 'code'],
    ];
    for (const [change, field] of cases) {
      const body = { ...NEW_DEPOT, code: 'FRESH-CODE', ...change };
      const res = await callers.asAdmin('POST', BASE, body);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(change)).toContain(field);
    }
    expect(await t.ctx.db.$count(terminals, eq(terminals.code, 'FRESH-CODE'))).toBe(0);
  });

  it('changes a terminal, auditing only the fields that changed', async () => {
    const [tincan] = await t.ctx.db.select().from(terminals).where(eq(terminals.code, 'TICT-TINCAN'));
    const res = await callers.asAdmin('PATCH', `${BASE}/${tincan!.id}`, {
      name: 'Tin Can Island Container Terminal',
      latitude: 6.44,
      longitude: 3.345,
      state: 'Lagos',
      lga: tincan!.lga,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 'TICT-TINCAN',
      name: 'Tin Can Island Container Terminal',
      latitude: 6.44,
      longitude: 3.345,
      active: true,
    });
    const [row] = await auditRowsOf(t, 'terminal', tincan!.id);
    expect(row).toMatchObject({
      action: 'terminal.updated',
      data: {
        code: 'TICT-TINCAN',
        before: { name: tincan!.name, latitude: tincan!.latitude, longitude: tincan!.longitude },
        after: { name: 'Tin Can Island Container Terminal', latitude: 6.44, longitude: 3.345 },
      },
    });
    expect(Object.keys((row!.data as { after: object }).after).sort()).toEqual([
      'latitude',
      'longitude',
      'name',
    ]);

    const url = `${BASE}/${tincan!.id}`;
    for (const [change, field] of [
      [{ state: 'Rivers' }, 'lga'],
      [{ state: 'Rivers', lga: 'Apapa' }, 'lga'],
      [{ longitude: 3.3 }, 'latitude'],
      [{ code: 'TINCAN' }, ''],
      [{}, ''],
    ] as [Record<string, unknown>, string][]) {
      const bad = await callers.asAdmin('PATCH', url, change);
      expect(bad.status, JSON.stringify(change)).toBe(400);
      if (field) expect(fieldsOf(bad)).toContain(field);
    }
    const unplaced = await callers.asAdmin('PATCH', url, { latitude: null, longitude: null });
    expect(unplaced.body).toMatchObject({ latitude: null, longitude: null });
    expect((await callers.asAdmin('PATCH', `${BASE}/${UNKNOWN}`, { name: 'Ghost Terminal' })).status).toBe(
      404,
    );
    expect((await callers.asAdmin('GET', `${BASE}/${UNKNOWN}`)).status).toBe(404);
    expect((await callers.asAdmin('GET', url)).body.name).toBe('Tin Can Island Container Terminal');
  });

  it('retired, is not offered for new orders, while orders and trips that name it keep showing it', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    const refs = await referenceIds(t, { terminal: 'ENL-APAPA' });
    const order = await placeOrderViaApi(t, customer.accessToken, {
      pickup: { kind: 'TERMINAL', terminalId: refs.terminalId },
    });
    const bid = await insertBid(t, order.id, transporter.company.id, 40_000_000);
    const awarded = await call(
      t.app,
      'POST',
      `/api/v1/orders/${order.id}/award`,
      { allocations: [{ bidId: bid.id, itemIds: order.items.map((i) => i.id) }] },
      { token: customer.accessToken },
    );
    expect(awarded.status).toBe(200);

    const retired = await callers.asAdmin('PATCH', `${BASE}/${refs.terminalId}`, { active: false });
    expect(retired.status).toBe(200);
    expect(retired.body.active).toBe(false);
    expect((await auditRowsOf(t, 'terminal', refs.terminalId))[0]).toMatchObject({
      action: 'terminal.retired',
      data: { code: 'ENL-APAPA', before: { active: true }, after: { active: false } },
    });
    expect(await offered(customer.accessToken)).not.toContain(refs.terminalId);
    const retiredList = await callers.asAdmin('GET', `${BASE}?status=RETIRED`);
    expect(codeOf(retiredList.body as never)).toEqual(['ENL-APAPA']);

    const refused = await call(
      t.app,
      'POST',
      '/api/v1/orders',
      orderBody({ pickup: { kind: 'TERMINAL', terminalId: refs.terminalId } }, refs),
      { token: customer.accessToken },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'pickup.terminalId', message: 'Choose a terminal from the list' },
    ]);

    const orderNow = await call(t.app, 'GET', `/api/v1/orders/${order.id}`, undefined, {
      token: customer.accessToken,
    });
    expect(orderNow.body.pickup.terminal).toMatchObject({
      id: refs.terminalId,
      name: 'ENL Consortium Terminal',
    });
    const tripId = orderNow.body.items[0].tripId as string;
    const trip = await call(t.app, 'GET', `/api/v1/trips/${tripId}`, undefined, {
      token: transporter.accessToken,
    });
    expect(trip.status).toBe(200);
    expect(trip.body.pickup.terminal).toMatchObject({ id: refs.terminalId, name: 'ENL Consortium Terminal' });

    const back = await callers.asAdmin('PATCH', `${BASE}/${refs.terminalId}`, { active: true });
    expect((await auditRowsOf(t, 'terminal', refs.terminalId))[0]!.action).toBe('terminal.reinstated');
    expect(back.body.active).toBe(true);
    expect(await offered(customer.accessToken)).toContain(refs.terminalId);
  });

  it('lets only admins in', async () => {
    const [apapa] = await t.ctx.db.select().from(terminals).where(eq(terminals.code, 'APMT-APAPA'));
    await expectAdminOnly(t, callers, [
      ['GET', BASE],
      ['POST', BASE, { ...NEW_DEPOT, code: 'SNEAKY' }],
      ['GET', `${BASE}/${apapa!.id}`],
      ['PATCH', `${BASE}/${apapa!.id}`, { active: false }],
    ]);
    const [after] = await t.ctx.db.select().from(terminals).where(eq(terminals.id, apapa!.id));
    expect(after!.active).toBe(true);
    expect(await t.ctx.db.$count(terminals, eq(terminals.code, 'SNEAKY'))).toBe(0);
  });
});
