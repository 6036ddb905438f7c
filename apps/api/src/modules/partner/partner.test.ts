import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, preferredPartners } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { createVerifiedCustomer, createVerifiedTransporter } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';

describe('preferred partners and the transporter search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const add = (token: string, transporterCompanyId: unknown) =>
    call(t.app, 'POST', '/api/v1/preferred-partners', { transporterCompanyId }, { token });
  const list = (token: string) => call(t.app, 'GET', '/api/v1/preferred-partners', undefined, { token });
  const remove = (token: string, id: string) =>
    call(t.app, 'DELETE', `/api/v1/preferred-partners/${id}`, undefined, { token });
  const search = (token: string, q?: string) =>
    call(
      t.app,
      'GET',
      `/api/v1/transporters${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
      undefined,
      {
        token,
      },
    );

  it('adds a verified transporter, lists it with its state, and removes it', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t, { name: 'Kano Trailers Ltd' });
    const added = await add(customer.accessToken, transporter.company.id);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      transporterCompanyId: transporter.company.id,
      name: 'Kano Trailers Ltd',
      state: 'Lagos',
      addedAt: expect.any(String),
    });
    const listed = await list(customer.accessToken);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([added.body]);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, customer.company.id), eq(auditLog.action, 'preferred_partner.added')),
      );
    expect(audit).toHaveLength(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/preferred-partners/${transporter.company.id}`,
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await list(customer.accessToken)).body).toEqual([]);
    expect((await remove(customer.accessToken, transporter.company.id)).status).toBe(404);
  });

  it('lists partners by name, and each customer sees only its own', async () => {
    const a = await createVerifiedCustomer(t);
    const b = await createVerifiedCustomer(t);
    const zulu = await createVerifiedTransporter(t, { name: 'Zulu Haulage', address: undefined });
    const alpha = await createVerifiedTransporter(t, { name: 'Alpha Haulage' });
    await add(a.accessToken, zulu.company.id);
    await add(a.accessToken, alpha.company.id);
    const listed = await list(a.accessToken);
    expect(listed.body.map((p: { name: string }) => p.name)).toEqual(['Alpha Haulage', 'Zulu Haulage']);
    expect(listed.body[1].state).toBeNull();
    expect((await list(b.accessToken)).body).toEqual([]);
    // b never had alpha, so removing it is "not found" and a's entry stays.
    expect((await remove(b.accessToken, alpha.company.id)).status).toBe(404);
    expect((await list(a.accessToken)).body).toHaveLength(2);
  });

  it('answers 409 when the transporter is already a partner', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t, { name: 'Twice Logistics' });
    expect((await add(customer.accessToken, transporter.company.id)).status).toBe(201);
    const again = await add(customer.accessToken, transporter.company.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Twice Logistics is already one of your preferred partners');
    expect(again.body.errors).toEqual([{ field: 'transporterCompanyId', message: again.body.message }]);
  });

  it('answers 404 for a company that is not a verified transporter', async () => {
    const customer = await createVerifiedCustomer(t);
    const unverified = await signedInAccount(t, 'TRANSPORTER', { verificationStatus: 'PENDING_REVIEW' });
    const otherCustomer = await createVerifiedCustomer(t);
    for (const id of [unverified.company.id, otherCustomer.company.id, customer.company.id, randomUUID()]) {
      const res = await add(customer.accessToken, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Transporter not found');
    }
    const rows = await t.ctx.db
      .select()
      .from(preferredPartners)
      .where(eq(preferredPartners.customerCompanyId, customer.company.id));
    expect(rows).toEqual([]);
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const customer = await createVerifiedCustomer(t);
    const res = await add(customer.accessToken, 'not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['transporterCompanyId']);
    const missing = await call(
      t.app,
      'POST',
      '/api/v1/preferred-partners',
      {},
      { token: customer.accessToken },
    );
    expect(missing.status).toBe(400);
    const badParam = await remove(customer.accessToken, 'nope');
    expect(badParam.status).toBe(400);
    expect(badParam.body.errors[0].field).toBe('params.transporterCompanyId');
  });

  it('finds verified transporters by name, at most 20, flagging the preferred ones', async () => {
    const customer = await createVerifiedCustomer(t);
    const tag = `Qx${randomUUID().slice(0, 6)}`;
    const partner = await createVerifiedTransporter(t, { name: `${tag} Partner Haulage` });
    const other = await createVerifiedTransporter(t, { name: `${tag} Other Haulage`, address: undefined });
    await signedInAccount(t, 'TRANSPORTER', { name: `${tag} Unverified Haulage` });
    await createVerifiedCustomer(t, { name: `${tag} Customer Ltd` });
    await add(customer.accessToken, partner.company.id);

    const res = await search(customer.accessToken, tag.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: other.company.id, name: `${tag} Other Haulage`, state: null, preferred: false },
      { id: partner.company.id, name: `${tag} Partner Haulage`, state: 'Lagos', preferred: true },
    ]);
    // Another customer sees the same transporters, not flagged.
    const stranger = await createVerifiedCustomer(t);
    const theirs = await search(stranger.accessToken, tag);
    expect(theirs.body.map((x: { preferred: boolean }) => x.preferred)).toEqual([false, false]);

    for (let i = 0; i < 21; i++) await createVerifiedTransporter(t, { name: `${tag} Fleet ${i}` });
    expect((await search(customer.accessToken, tag)).body).toHaveLength(20);
    expect((await search(customer.accessToken)).body).toHaveLength(20);
  });

  it('treats % and _ in the search text as plain characters', async () => {
    const customer = await createVerifiedCustomer(t);
    await createVerifiedTransporter(t, { name: '100% Reliable Haulage' });
    const percent = await search(customer.accessToken, '100%');
    expect(percent.body.map((x: { name: string }) => x.name)).toEqual(['100% Reliable Haulage']);
    expect((await search(customer.accessToken, '%%%')).body).toEqual([]);
    expect((await search(customer.accessToken, '_00%')).body).toEqual([]);
    const tooLong = await search(customer.accessToken, 'x'.repeat(101));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('query.q');
  });

  it('is for customers only (403) and needs a signed-in caller (401)', async () => {
    const transporter = await createVerifiedTransporter(t);
    const admin = await signedInAccount(t, 'ADMIN');
    const other = await createVerifiedTransporter(t);
    for (const token of [transporter.accessToken, admin.accessToken]) {
      expect((await list(token)).status).toBe(403);
      expect((await add(token, other.company.id)).status).toBe(403);
      expect((await remove(token, other.company.id)).status).toBe(403);
      expect((await search(token, 'a')).status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/v1/preferred-partners')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/transporters')).status).toBe(401);
  });
});
