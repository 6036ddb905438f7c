import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, companies } from '../../db/schema';
import { signedInFleetManagerOf } from '../../test/fleet';
import { createVerifiedCustomer, createVerifiedTransporter } from '../../test/marketplace';
import { signedInAccount } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';

describe('GET/PUT /api/v1/company/waiting-terms', () => {
  let t: TestApp;
  let transporter: Awaited<ReturnType<typeof createVerifiedTransporter>>;
  let other: Awaited<ReturnType<typeof createVerifiedTransporter>>;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp();
    transporter = await createVerifiedTransporter(t);
    other = await createVerifiedTransporter(t);
    manager = (await signedInFleetManagerOf(t, transporter)).accessToken;
  });
  afterAll(() => t.close());

  const read = (token: string) => call(t.app, 'GET', '/api/v1/company/waiting-terms', undefined, { token });
  const write = (token: string, body: unknown) =>
    call(t.app, 'PUT', '/api/v1/company/waiting-terms', body, { token });

  it('starts with 12 free hours and no rate: no waiting is charged', async () => {
    const res = await read(transporter.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ freeHours: 12, rateKoboPerHour: null });
  });

  it("lets the company's owner set them, audited, and its fleet manager read them", async () => {
    const res = await write(transporter.accessToken, { freeHours: 6, rateKoboPerHour: 750_000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ freeHours: 6, rateKoboPerHour: 750_000 });
    expect((await read(manager)).body).toEqual({ freeHours: 6, rateKoboPerHour: 750_000 });
    // Another transporter's terms are its own.
    expect((await read(other.accessToken)).body).toEqual({ freeHours: 12, rateKoboPerHour: null });
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, transporter.company.id),
          eq(auditLog.action, 'company.waiting_terms_updated'),
        ),
      );
    expect(row!.data).toEqual({
      before: { freeHours: 12, rateKoboPerHour: null },
      after: { freeHours: 6, rateKoboPerHour: 750_000 },
    });
    const stopped = await write(transporter.accessToken, { freeHours: 0, rateKoboPerHour: null });
    expect(stopped.body).toEqual({ freeHours: 0, rateKoboPerHour: null });
    const [company] = await t.ctx.db.select().from(companies).where(eq(companies.id, transporter.company.id));
    expect(company).toMatchObject({ waitingFreeHours: 0, waitingRateKoboPerHour: null });
  });

  it.each([
    [{ freeHours: 169, rateKoboPerHour: 100 }, 'freeHours', 'Free hours must be at most 168'],
    [{ freeHours: -1, rateKoboPerHour: 100 }, 'freeHours', 'Free hours cannot be negative'],
    [{ freeHours: 1.5, rateKoboPerHour: 100 }, 'freeHours', 'Free hours are whole hours'],
    [{ rateKoboPerHour: 100 }, 'freeHours', 'Enter the free hours'],
    [{ freeHours: 4, rateKoboPerHour: -100 }, 'rateKoboPerHour', 'The rate cannot be negative'],
    [{ freeHours: 4, rateKoboPerHour: 10.25 }, 'rateKoboPerHour', 'Amounts are whole kobo'],
    [{ freeHours: 4 }, 'rateKoboPerHour', 'Enter the hourly rate'],
  ])('refuses %j with 400 naming the field', async (body, field, message) => {
    const res = await write(transporter.accessToken, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it('lets no one else set them: fleet managers, customers and admins get 403, no session 401', async () => {
    const customer = await createVerifiedCustomer(t);
    const admin = await signedInAccount(t, 'ADMIN');
    const body = { freeHours: 2, rateKoboPerHour: 1 };
    for (const token of [manager, customer.accessToken, admin.accessToken]) {
      expect((await write(token, body)).status).toBe(403);
    }
    for (const token of [customer.accessToken, admin.accessToken]) {
      expect((await read(token)).status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/v1/company/waiting-terms')).status).toBe(401);
    expect((await read(transporter.accessToken)).body.freeHours).not.toBe(2);
  });
});
