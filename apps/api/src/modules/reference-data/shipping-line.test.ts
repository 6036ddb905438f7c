import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTAINER_SIZES } from '@freightlane/domain';
import { shippingLines } from '../../db/schema';
import { SHIPPING_LINE_TARIFFS, SHIPPING_LINES } from '../../db/seed/reference-data';
import {
  containerRows,
  createVerifiedCustomer,
  orderBody,
  placeOrderViaApi,
  referenceIds,
} from '../../test/marketplace';
import { auditRowsOf, expectAdminOnly, fieldsOf, referenceDataCallers } from '../../test/reference-data';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const BASE = '/api/v1/admin/shipping-lines';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin: shipping lines and tariffs', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof referenceDataCallers>>;
  let maerskId: string;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await referenceDataCallers(t);
    const [maersk] = await t.ctx.db.select().from(shippingLines).where(eq(shippingLines.code, 'MAERSK'));
    maerskId = maersk!.id;
  });
  afterAll(() => t.close());

  const liners = async (token: string) =>
    (await call(t.app, 'GET', '/api/v1/lookups/liners', undefined, { token })).body as unknown as {
      id: string;
    }[];

  it('lists the lines by name with their tariff count, searchable and paged', async () => {
    const all = await callers.asAdmin('GET', `${BASE}?size=100`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalElements: SHIPPING_LINES.length, number: 0, size: 100 });
    const names = all.body.content.map((l: { name: string }) => l.name);
    expect(names[0]).toBe('Arkas Line');
    expect(all.body.content.find((l: { code: string }) => l.code === 'MAERSK')).toEqual({
      id: maerskId,
      code: 'MAERSK',
      name: 'Maersk',
      active: true,
      tariffCount: CONTAINER_SIZES.length,
    });

    const search = await callers.asAdmin('GET', `${BASE}?q=mediterranean`);
    expect(search.body.content.map((l: { code: string }) => l.code)).toEqual(['MSC']);
    const byCode = await callers.asAdmin('GET', `${BASE}?q=cma-`);
    expect(byCode.body.content.map((l: { code: string }) => l.code)).toEqual(['CMA-CGM']);
    const page = await callers.asAdmin('GET', `${BASE}?size=5&page=1`);
    expect(page.body).toMatchObject({ number: 1, size: 5, totalPages: Math.ceil(SHIPPING_LINES.length / 5) });
    expect(page.body.content).toHaveLength(5);
    expect((await callers.asAdmin('GET', `${BASE}?status=RETIRED`)).body.totalElements).toBe(0);
  });

  it('shows a line with its tariff for every size, in size order', async () => {
    const res = await callers.asAdmin('GET', `${BASE}/${maerskId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: maerskId, code: 'MAERSK', name: 'Maersk', active: true });
    expect(res.body.tariffs.map((x: { containerSize: string }) => x.containerSize)).toEqual([
      ...CONTAINER_SIZES,
    ]);
    expect(res.body.tariffs[0]).toEqual({
      containerSize: 'FTS_20',
      ...SHIPPING_LINE_TARIFFS.MAERSK!.FTS_20,
      updatedAt: expect.any(String),
    });
  });

  it('adds a line, which customers can then choose, and refuses a code or name taken', async () => {
    const res = await callers.asAdmin('POST', BASE, {
      code: ' africa-express ',
      name: 'Africa Express Line',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      code: 'AFRICA-EXPRESS',
      name: 'Africa Express Line',
      active: true,
      tariffs: [],
    });
    expect((await liners(callers.others.customer.accessToken)).map((l) => l.id)).toContain(res.body.id);
    expect((await auditRowsOf(t, 'shipping_line', res.body.id))[0]).toMatchObject({
      action: 'shipping_line.created',
      actorUserId: callers.admin.user.id,
      data: { before: null, after: { code: 'AFRICA-EXPRESS', name: 'Africa Express Line', active: true } },
    });

    const sameCode = await callers.asAdmin('POST', BASE, { code: 'MAERSK', name: 'Maersk Two' });
    expect(sameCode.status).toBe(409);
    expect(fieldsOf(sameCode)).toEqual(['code']);
    const sameName = await callers.asAdmin('POST', BASE, { code: 'MAERSK-2', name: 'maersk' });
    expect(sameName.status).toBe(409);
    expect(fieldsOf(sameName)).toEqual(['name']);
    expect(sameName.body.message).toBe('Another shipping line is called Maersk');
  });

  it('answers 400 naming the field for a bad new line', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'No Code Line' }, 'code'],
      [{ code: 'NO CODE', name: 'Spaced Line' }, 'code'],
      [{ code: 'X'.repeat(31), name: 'Long Code Line' }, 'code'],
      [{ code: 'LONG-NAME', name: 'n'.repeat(121) }, 'name'],
      [{ code: 'NUL', name: 'Null\u0000 Line' }, 'name'],
      [{ code: 'EXTRA', name: 'Extra Line', active: false }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await callers.asAdmin('POST', BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    expect((await callers.asAdmin('GET', `${BASE}?status=SOME`)).status).toBe(400);
    expect((await callers.asAdmin('GET', `${BASE}?q=${'q'.repeat(101)}`)).status).toBe(400);
  });

  it('renames a line and refuses a name another line has', async () => {
    const [zim] = await t.ctx.db.select().from(shippingLines).where(eq(shippingLines.code, 'ZIM'));
    const res = await callers.asAdmin('PATCH', `${BASE}/${zim!.id}`, { name: 'ZIM' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'ZIM', name: 'ZIM', tariffs: expect.any(Array) });
    expect((await auditRowsOf(t, 'shipping_line', zim!.id))[0]).toMatchObject({
      action: 'shipping_line.updated',
      data: { code: 'ZIM', before: { name: 'ZIM Integrated Shipping Services' }, after: { name: 'ZIM' } },
    });
    const clash = await callers.asAdmin('PATCH', `${BASE}/${zim!.id}`, { name: 'Hapag-Lloyd' });
    expect(clash.status).toBe(409);
    expect(fieldsOf(clash)).toEqual(['name']);
    expect((await callers.asAdmin('PATCH', `${BASE}/${zim!.id}`, { code: 'ZIM2' })).status).toBe(400);
    expect((await callers.asAdmin('PATCH', `${BASE}/${UNKNOWN}`, { name: 'Ghost Line' })).status).toBe(404);
  });

  it('retired, is not offered for new orders, while an order that names it keeps showing it', async () => {
    const customer = await createVerifiedCustomer(t);
    const [cosco] = await t.ctx.db.select().from(shippingLines).where(eq(shippingLines.code, 'COSCO'));
    const order = await placeOrderViaApi(t, customer.accessToken, {
      containers: containerRows(1, cosco!.id),
    });

    const retired = await callers.asAdmin('PATCH', `${BASE}/${cosco!.id}`, { active: false });
    expect(retired.status).toBe(200);
    expect(retired.body.active).toBe(false);
    expect((await auditRowsOf(t, 'shipping_line', cosco!.id))[0]).toMatchObject({
      action: 'shipping_line.retired',
      data: { before: { active: true }, after: { active: false } },
    });
    expect((await liners(customer.accessToken)).map((l) => l.id)).not.toContain(cosco!.id);
    const listed = await callers.asAdmin('GET', `${BASE}?status=RETIRED`);
    expect(listed.body.content.map((l: { code: string }) => l.code)).toEqual(['COSCO']);

    const refs = await referenceIds(t);
    const refused = await call(
      t.app,
      'POST',
      '/api/v1/orders',
      orderBody({ containers: containerRows(1, cosco!.id) }, refs),
      { token: customer.accessToken },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'containers.0.linerId', message: 'Choose a shipping line from the list' },
    ]);

    const existing = await call(t.app, 'GET', `/api/v1/orders/${order.id}`, undefined, {
      token: customer.accessToken,
    });
    expect(existing.status).toBe(200);
    expect(existing.body.items[0].liner).toMatchObject({ id: cosco!.id, name: 'COSCO Shipping Lines' });

    await callers.asAdmin('PATCH', `${BASE}/${cosco!.id}`, { active: true });
    expect((await liners(customer.accessToken)).map((l) => l.id)).toContain(cosco!.id);
  });

  it('sets the tariffs of the sizes sent, auditing each size that changed', async () => {
    const before = (await callers.asAdmin('GET', `${BASE}/${maerskId}`)).body;
    const res = await callers.asAdmin('PUT', `${BASE}/${maerskId}/tariffs`, {
      tariffs: [
        {
          containerSize: 'FTS_40',
          freeDays: 10,
          demurrageKoboPerDay: 7_500_000,
          detentionKoboPerDay: 5_500_000,
        },
        // Unchanged: no audit entry for it.
        { containerSize: 'FTS_20', ...SHIPPING_LINE_TARIFFS.MAERSK!.FTS_20 },
      ],
    });
    expect(res.status).toBe(200);
    const bySize = (body: Record<string, any>, size: string) =>
      (body.tariffs as { containerSize: string }[]).find((x) => x.containerSize === size);
    expect(bySize(res.body, 'FTS_40')).toMatchObject({
      freeDays: 10,
      demurrageKoboPerDay: 7_500_000,
      detentionKoboPerDay: 5_500_000,
    });
    expect(bySize(res.body, 'FTS_45')).toEqual(bySize(before, 'FTS_45'));
    expect(bySize(res.body, 'FTS_20')).toEqual(bySize(before, 'FTS_20'));
    const [row] = await auditRowsOf(t, 'shipping_line', maerskId);
    expect(row).toMatchObject({
      action: 'shipping_line.tariffs_set',
      data: {
        code: 'MAERSK',
        before: { FTS_40: SHIPPING_LINE_TARIFFS.MAERSK!.FTS_40 },
        after: { FTS_40: { freeDays: 10, demurrageKoboPerDay: 7_500_000, detentionKoboPerDay: 5_500_000 } },
      },
    });
    expect(Object.keys(row!.data as object).sort()).toEqual(['after', 'before', 'code']);
    expect(Object.keys((row!.data as { after: object }).after)).toEqual(['FTS_40']);
  });

  it('gives a new line its first tariffs (before: null) and takes the highest rate allowed', async () => {
    const created = await callers.asAdmin('POST', BASE, { code: 'NEW-LINE', name: 'New Line' });
    const res = await callers.asAdmin('PUT', `${BASE}/${created.body.id}/tariffs`, {
      tariffs: [
        { containerSize: 'FTS_45', freeDays: 0, demurrageKoboPerDay: 1_000_000_000, detentionKoboPerDay: 0 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.tariffs).toEqual([
      {
        containerSize: 'FTS_45',
        freeDays: 0,
        demurrageKoboPerDay: 1_000_000_000,
        detentionKoboPerDay: 0,
        updatedAt: expect.any(String),
      },
    ]);
    expect((await auditRowsOf(t, 'shipping_line', created.body.id))[0]!.data).toMatchObject({
      before: { FTS_45: null },
    });
  });

  it('answers 400 naming the field for bad tariffs and 404 for an unknown line', async () => {
    const url = `${BASE}/${maerskId}/tariffs`;
    const good = { containerSize: 'FTS_20', freeDays: 7, demurrageKoboPerDay: 100, detentionKoboPerDay: 100 };
    const cases: [unknown, string][] = [
      [{ tariffs: [{ ...good, freeDays: 61 }] }, 'tariffs.0.freeDays'],
      [{ tariffs: [{ ...good, freeDays: -1 }] }, 'tariffs.0.freeDays'],
      [{ tariffs: [{ ...good, freeDays: 2.5 }] }, 'tariffs.0.freeDays'],
      [{ tariffs: [{ ...good, demurrageKoboPerDay: 1_000_000_001 }] }, 'tariffs.0.demurrageKoboPerDay'],
      [{ tariffs: [{ ...good, detentionKoboPerDay: -5 }] }, 'tariffs.0.detentionKoboPerDay'],
      [{ tariffs: [{ ...good, detentionKoboPerDay: 10.5 }] }, 'tariffs.0.detentionKoboPerDay'],
      [{ tariffs: [{ ...good, containerSize: 'FTS_20\u0000' }] }, 'tariffs.0.containerSize'],
      [{ tariffs: [good, good] }, 'tariffs.1.containerSize'],
      [{ tariffs: [] }, 'tariffs'],
      [{}, 'tariffs'],
    ];
    for (const [body, field] of cases) {
      const res = await callers.asAdmin('PUT', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    const unknown = await callers.asAdmin('PUT', `${BASE}/${UNKNOWN}/tariffs`, { tariffs: [good] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Shipping line not found');
    expect((await callers.asAdmin('GET', `${BASE}/${UNKNOWN}`)).status).toBe(404);
    expect((await callers.asAdmin('GET', `${BASE}/nope`)).status).toBe(400);
  });

  it('lets only admins in', async () => {
    const tariffs = [
      { containerSize: 'FTS_20', freeDays: 1, demurrageKoboPerDay: 1, detentionKoboPerDay: 1 },
    ];
    await expectAdminOnly(t, callers, [
      ['GET', BASE],
      ['POST', BASE, { code: 'SNEAKY', name: 'Sneaky Line' }],
      ['GET', `${BASE}/${maerskId}`],
      ['PATCH', `${BASE}/${maerskId}`, { active: false }],
      ['PUT', `${BASE}/${maerskId}/tariffs`, { tariffs }],
    ]);
    const [maersk] = await t.ctx.db.select().from(shippingLines).where(eq(shippingLines.id, maerskId));
    expect(maersk!.active).toBe(true);
    expect(await t.ctx.db.$count(shippingLines, eq(shippingLines.code, 'SNEAKY'))).toBe(0);
  });
});
