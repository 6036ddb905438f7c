import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trackingCompanies, trackingCredentials } from '../../db/schema';
import { TRACKING_COMPANIES } from '../../db/seed/reference-data';
import { auditRowsOf, expectAdminOnly, fieldsOf, referenceDataCallers } from '../../test/reference-data';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const BASE = '/api/v1/admin/tracking-companies';

describe('admin: tracking companies', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof referenceDataCallers>>;
  let traccarId: string;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await referenceDataCallers(t);
    const [traccar] = await t.ctx.db
      .select()
      .from(trackingCompanies)
      .where(eq(trackingCompanies.code, 'TRACCAR'));
    traccarId = traccar!.id;
  });
  afterAll(() => t.close());

  it('lists every tracking company by name with how many accounts use it', async () => {
    await t.ctx.db.insert(trackingCredentials).values({
      companyId: callers.others.transporter.company.id,
      trackingCompanyId: traccarId,
      label: 'Our GPS',
    });
    const res = await callers.asAdmin('GET', BASE);
    expect(res.status).toBe(200);
    const list = res.body as unknown as { code: string; name: string; accountCount: number }[];
    expect(list.map((c) => c.code).sort()).toEqual(TRACKING_COMPANIES.map((c) => c.code).sort());
    expect(list.map((c) => c.name)).toEqual(['Driver phone', 'Simulator', 'Traccar']);
    expect(list.find((c) => c.code === 'TRACCAR')).toEqual({
      id: traccarId,
      code: 'TRACCAR',
      name: 'Traccar',
      kind: 'TRACCAR',
      description: expect.stringContaining('Traccar server'),
      active: true,
      accountCount: 1,
    });
  });

  it('renames and rewords one, auditing the fields that changed', async () => {
    const res = await callers.asAdmin('PATCH', `${BASE}/${traccarId}`, {
      name: '  Traccar GPS ',
      description: 'Any Traccar server.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Traccar GPS', description: 'Any Traccar server.', active: true });
    const [row] = await auditRowsOf(t, 'tracking_company', traccarId);
    expect(row).toMatchObject({
      action: 'tracking_company.updated',
      actorUserId: callers.admin.user.id,
      data: {
        code: 'TRACCAR',
        before: { name: 'Traccar', description: expect.stringContaining('Traccar server') },
        after: { name: 'Traccar GPS', description: 'Any Traccar server.' },
      },
    });

    // The same values again change nothing and write no audit row.
    const again = await callers.asAdmin('PATCH', `${BASE}/${traccarId}`, { name: 'Traccar GPS' });
    expect(again.status).toBe(200);
    expect(await auditRowsOf(t, 'tracking_company', traccarId)).toHaveLength(1);
  });

  it('turned off, is no longer offered to transporters, and turned on again, is', async () => {
    const transporter = callers.others.transporter.accessToken;
    const offered = async () =>
      (
        (await call(t.app, 'GET', '/api/v1/tracking-companies', undefined, { token: transporter }))
          .body as unknown as { id: string }[]
      ).map((c) => c.id);
    expect(await offered()).toContain(traccarId);

    const off = await callers.asAdmin('PATCH', `${BASE}/${traccarId}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, accountCount: 1 });
    expect(await offered()).not.toContain(traccarId);
    expect((await auditRowsOf(t, 'tracking_company', traccarId))[0]).toMatchObject({
      action: 'tracking_company.retired',
      data: { before: { active: true }, after: { active: false } },
    });

    const on = await callers.asAdmin('PATCH', `${BASE}/${traccarId}`, { active: true });
    expect(on.body.active).toBe(true);
    expect(await offered()).toContain(traccarId);
    expect((await auditRowsOf(t, 'tracking_company', traccarId))[0]!.action).toBe(
      'tracking_company.reinstated',
    );
  });

  it('answers 400 naming the field for bad input, 404 for an unknown one', async () => {
    const url = `${BASE}/${traccarId}`;
    const cases: [unknown, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ description: 'd'.repeat(501) }, 'description'],
      [{ description: 'GPS\u0000 trackers' }, 'description'],
      [{ active: 'no' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const res = await callers.asAdmin('PATCH', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect((await callers.asAdmin('PATCH', url, { kind: 'SIMULATOR' })).status).toBe(400);
    expect((await callers.asAdmin('PATCH', url, {})).status).toBe(400);
    const badId = await callers.asAdmin('PATCH', `${BASE}/not-an-id`, { active: true });
    expect(badId.status).toBe(400);
    expect(fieldsOf(badId)).toEqual(['params.id']);
    const unknown = await callers.asAdmin('PATCH', `${BASE}/00000000-0000-4000-8000-000000000000`, {
      active: true,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Tracking company not found');
    const [row] = await t.ctx.db.select().from(trackingCompanies).where(eq(trackingCompanies.id, traccarId));
    expect(row!.description).toBe('Any Traccar server.');
  });

  it('lets only admins in', async () => {
    await expectAdminOnly(t, callers, [
      ['GET', BASE],
      ['PATCH', `${BASE}/${traccarId}`, { name: 'Hijacked' }],
    ]);
    const [row] = await t.ctx.db.select().from(trackingCompanies).where(eq(trackingCompanies.id, traccarId));
    expect(row!.name).toBe('Traccar GPS');
  });
});
