import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTOMATIC_ACTOR_NAME, lagosDateInDays } from '@freightlane/domain';
import { auditLog } from '../../db/schema';
import { audit, BACKGROUND_ORIGIN } from '../../lib/audit';
import { signedInAccount } from '../../test/accounts';
import { insertDriver, signedInFleetManagerOf } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const LOG = '/api/v1/admin/audit-log';

/** The database's own message when `write` is refused (the query error wraps it as its cause). */
async function refusal(write: PromiseLike<unknown>): Promise<string> {
  try {
    await write;
  } catch (err) {
    const messages: string[] = [];
    for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(' | ');
  }
  return 'not refused';
}

describe('admin: the audit log', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAccount(t, 'ADMIN');
  });
  afterAll(() => t.close());

  const get = (query: string, token = admin.accessToken) =>
    call(t.app, 'GET', `${LOG}${query}`, undefined, { token });

  it('lists changes newest first with who made them, for which company, what and from where', async () => {
    const customer = await signedInAccount(t, 'CUSTOMER', { name: 'Audit Imports Ltd' });
    const suspended = await call(
      t.app,
      'POST',
      `/api/v1/admin/companies/${customer.company.id}/suspend`,
      { reason: 'Unpaid invoices since March' },
      { token: admin.accessToken, ip: '10.9.8.7' },
    );
    expect(suspended.status).toBe(200);
    await call(t.app, 'POST', `/api/v1/admin/companies/${customer.company.id}/unsuspend`, undefined, {
      token: admin.accessToken,
    });

    const res = await get(`?companyId=${customer.company.id}&entityType=company`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 20 });
    const [unsuspend, suspend] = res.body.content;
    expect(unsuspend.action).toBe('company.unsuspended');
    expect(suspend).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: {
        kind: 'USER',
        userId: admin.user.id,
        driverId: null,
        name: 'Kemi User',
        email: admin.email,
      },
      company: { id: customer.company.id, name: 'Audit Imports Ltd' },
      action: 'company.suspended',
      entityType: 'company',
      entityId: customer.company.id,
      data: {
        reason: 'Unpaid invoices since March',
        before: { suspendedAt: null, suspensionReason: null },
        after: { suspendedAt: expect.any(String), suspensionReason: 'Unpaid invoices since March' },
      },
      ipAddress: '10.9.8.7',
    });
    expect(Date.parse(unsuspend.at)).toBeGreaterThanOrEqual(Date.parse(suspend.at));
    expect(unsuspend.data.before.suspensionReason).toBe('Unpaid invoices since March');
  });

  it('names the platform for changes nobody made and the driver for a change from the phone', async () => {
    const transporter = await signedInAccount(t, 'TRANSPORTER');
    const driver = await insertDriver(t, transporter.company.id);
    const entityId = crypto.randomUUID();
    await audit(t.ctx.db, { userId: null, companyId: null }, BACKGROUND_ORIGIN, {
      action: 'trip.status_changed',
      entityType: 'trip',
      entityId,
      data: { from: 'LOADED', to: 'AT_DELIVERY', source: 'GEOFENCE' },
    });
    await audit(
      t.ctx.db,
      { userId: null, companyId: transporter.company.id, driverId: driver.id },
      { ip: '10.1.1.1' },
      { action: 'trip.issue_opened', entityType: 'trip', entityId, data: { issueType: 'BREAKDOWN' } },
    );

    const res = await get(`?entityId=${entityId}`);
    expect(res.body.content.map((e: { actor: unknown }) => e.actor)).toEqual([
      {
        kind: 'DRIVER',
        userId: null,
        driverId: driver.id,
        name: `${driver.firstName} ${driver.lastName} (driver)`,
        email: null,
      },
      { kind: 'SYSTEM', userId: null, driverId: null, name: AUTOMATIC_ACTOR_NAME, email: null },
    ]);
    expect(res.body.content[1]).toMatchObject({ company: null, ipAddress: 'internal' });
  });

  it('filters by actor, action, entity, free text and Lagos days', async () => {
    const customer = await signedInAccount(t, 'CUSTOMER');
    const entityId = crypto.randomUUID();
    // 23:30 UTC on 1 Jan is 00:30 on 2 Jan in Lagos.
    await t.ctx.db.insert(auditLog).values([
      {
        actorUserId: customer.user.id,
        companyId: customer.company.id,
        action: 'order.placed',
        entityType: 'order',
        entityId,
        createdAt: new Date('2026-01-01T23:30:00Z'),
      },
      {
        actorUserId: customer.user.id,
        companyId: customer.company.id,
        action: 'order.cancelled',
        entityType: 'order',
        entityId,
        createdAt: new Date('2026-01-01T22:30:00Z'),
      },
    ]);

    const actions = async (query: string) =>
      (await get(query)).body.content.map((e: { action: string }) => e.action);

    // The sign-in through the API is the customer's first row; the two above are older.
    expect(await actions(`?actorUserId=${customer.user.id}`)).toEqual([
      'user.signed_in',
      'order.placed',
      'order.cancelled',
    ]);
    expect(await actions(`?entityId=${entityId}&action=order.placed`)).toEqual(['order.placed']);
    expect(await actions(`?entityId=${entityId}&from=2026-01-02&to=2026-01-02`)).toEqual(['order.placed']);
    expect(await actions(`?entityId=${entityId}&to=2026-01-01`)).toEqual(['order.cancelled']);
    expect(await actions(`?entityId=${entityId}&from=${lagosDateInDays(1)}`)).toEqual([]);
    expect(await actions(`?q=${entityId.slice(4, 20)}`)).toEqual(['order.placed', 'order.cancelled']);
    expect(await actions(`?q=ORDER.CANC&entityId=${entityId}`)).toEqual(['order.cancelled']);
    // A % in the text is a percent sign, not a wildcard.
    expect(await actions(`?q=${encodeURIComponent('%')}&entityId=${entityId}`)).toEqual([]);

    const paged = await get(`?actorUserId=${customer.user.id}&size=1&page=2`);
    expect(paged.body).toMatchObject({ totalElements: 3, totalPages: 3, number: 2, size: 1 });
    expect(paged.body.content.map((e: { action: string }) => e.action)).toEqual(['order.cancelled']);
  });

  it.each([
    ['actorUserId', '?actorUserId=nobody', 'query.actorUserId'],
    ['companyId', '?companyId=42', 'query.companyId'],
    ['entityType', '?entityType=Trip%20Issue', 'query.entityType'],
    ['action', '?action=DROP%20TABLE', 'query.action'],
    ['from', '?from=2026-02-30', 'query.from'],
    ['to', '?to=yesterday', 'query.to'],
    ['to before from', '?from=2026-03-02&to=2026-03-01', 'query.to'],
    ['q over 100 characters', `?q=${'a'.repeat(101)}`, 'query.q'],
    ['entityId over 100 characters', `?entityId=${'1'.repeat(101)}`, 'query.entityId'],
    ['size', '?size=1000', 'query.size'],
    ['a NUL byte in q', `?q=${encodeURIComponent('order\u0000')}`, 'query.q'],
  ])('answers 400 naming the field for a bad %s', async (_label, query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 401 without a token and 403 to customers, transporters and fleet managers', async () => {
    expect((await call(t.app, 'GET', LOG)).status).toBe(401);
    const customer = await signedInAccount(t, 'CUSTOMER');
    const transporter = await signedInAccount(t, 'TRANSPORTER');
    const fleetManager = await signedInFleetManagerOf(t, transporter);
    for (const token of [customer.accessToken, transporter.accessToken, fleetManager.accessToken]) {
      const res = await get('', token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your account type cannot do this.');
    }
  });

  it('has no endpoint that changes or removes a row', async () => {
    const [row] = await t.ctx.db.select().from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [LOG, `${LOG}/${row!.id}`]) {
        const res = await call(t.app, method, url, { data: {} }, { token: admin.accessToken });
        expect(res.status).toBe(404);
      }
    }
    const openapi = await call(t.app, 'GET', '/api/openapi.json');
    const operations = Object.entries(openapi.body.paths as Record<string, object>)
      .filter(([path]) => path.includes('audit-log'))
      .flatMap(([, methods]) => Object.keys(methods));
    expect(operations).toEqual(['get']);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused, whoever runs them', async () => {
    const entityId = crypto.randomUUID();
    await audit(
      t.ctx.db,
      { userId: admin.user.id, companyId: null },
      { ip: '10.0.0.1' },
      {
        action: 'company.verified',
        entityType: 'company',
        entityId,
        data: { before: { verificationStatus: 'PENDING_REVIEW' } },
      },
    );
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

    expect(
      await refusal(
        t.ctx.db.update(auditLog).set({ action: 'company.rejected' }).where(eq(auditLog.id, row!.id)),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.ctx.db.update(auditLog).set({ data: {} }).where(eq(auditLog.id, row!.id))),
    ).toMatch(/append-only/);
    expect(await refusal(t.ctx.db.delete(auditLog).where(eq(auditLog.id, row!.id)))).toMatch(/append-only/);
    expect(await refusal(t.ctx.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);

    // Even the erasure of a person, which may blank a row's data, cannot rewrite what happened or when.
    const rewrite = t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL freightlane.erasing_person = 'on'`);
      await tx
        .update(auditLog)
        .set({ action: 'company.rejected', createdAt: new Date(0) })
        .where(eq(auditLog.id, row!.id));
    });
    expect(await refusal(rewrite)).toMatch(/append-only/);

    const [after] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(after).toEqual(row);
  });
});
