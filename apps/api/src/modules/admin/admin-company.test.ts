import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, companies, companyDocuments } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { signedInFleetManagerOf } from '../../test/fleet';
import { COMPANY_SUSPENDED } from '../auth/auth.service';
import { multipartBody, SAMPLE_FILES } from '../../test/multipart';
import { call, createTestApp, randomIp, twoInstances, type TestApp } from '../../test/test-app';

const COMPLETE_DETAILS = {
  cacRegistrationNumber: 'RC 7654321',
  tin: '87654321-0001',
  address: { street: '1 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' as const },
  contactName: 'Tunde Bakare',
  contactPhone: '+2348035551111',
  contactEmail: 'tunde@example.com',
};

describe('admin: company verification', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAccount(t, 'ADMIN');
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin.accessToken) => call(t.app, 'GET', url, undefined, { token });
  const post = (url: string, body?: unknown, token = admin.accessToken) =>
    call(t.app, 'POST', url, body, { token });

  async function uploadDocument(token: string, type: string) {
    const body = multipartBody(
      { type },
      { fileName: `${type.toLowerCase()}.pdf`, content: SAMPLE_FILES.pdf() },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/documents',
      remoteAddress: randomIp(),
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
    return JSON.parse(res.body) as { id: string };
  }

  /** A company that has sent everything in and waits for review. */
  async function pendingCompany(
    type: 'CUSTOMER' | 'TRANSPORTER' = 'CUSTOMER',
    name = `Pending ${uniqueEmail()}`,
  ) {
    const account = await signedInAccount(t, type, { ...COMPLETE_DETAILS, name });
    const docs = [];
    for (const doc of type === 'CUSTOMER'
      ? ['CAC_CERTIFICATE']
      : ['CAC_CERTIFICATE', 'OPERATING_LICENCE', 'GIT_INSURANCE']) {
      docs.push(await uploadDocument(account.accessToken, doc));
    }
    return { ...account, docs };
  }

  it('lists companies awaiting review first, with the owner and the document count', async () => {
    const tag = `Listco${Date.now()}`;
    const waiting = await pendingCompany('TRANSPORTER', `${tag} Haulage`);
    const fresh = await signedInAccount(t, 'CUSTOMER', { name: `${tag} Imports` });
    // A later colleague does not replace the owner.
    await createUser(t.ctx.db, waiting.company.id, {
      email: uniqueEmail('late'),
      password: GOOD_PASSWORD,
      userType: 'FLEET_MANAGER',
    });

    const res = await get(`/api/v1/admin/companies?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 20 });
    expect(res.body.content).toEqual([
      {
        id: waiting.company.id,
        name: `${tag} Haulage`,
        type: 'TRANSPORTER',
        verificationStatus: 'PENDING_REVIEW',
        ownerEmail: waiting.email,
        documentCount: 3,
        suspendedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ id: fresh.company.id, verificationStatus: 'UNVERIFIED', documentCount: 0 }),
    ]);

    const pendingOnly = await get(`/api/v1/admin/companies?q=${tag}&status=PENDING_REVIEW`);
    expect(pendingOnly.body.content.map((c: { id: string }) => c.id)).toEqual([waiting.company.id]);
    const customersOnly = await get(`/api/v1/admin/companies?q=${tag}&type=CUSTOMER`);
    expect(customersOnly.body.content.map((c: { id: string }) => c.id)).toEqual([fresh.company.id]);
    const byEmail = await get(`/api/v1/admin/companies?q=${encodeURIComponent(fresh.email)}`);
    expect(byEmail.body.content.map((c: { id: string }) => c.id)).toEqual([fresh.company.id]);
    const secondPage = await get(`/api/v1/admin/companies?q=${tag}&size=1&page=1`);
    expect(secondPage.body).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
    expect(secondPage.body.content.map((c: { id: string }) => c.id)).toEqual([fresh.company.id]);
  });

  it('leaves the platform company out and answers 400 for a bad filter', async () => {
    const res = await get('/api/v1/admin/companies?size=100');
    expect(res.body.content.some((c: { id: string }) => c.id === admin.company.id)).toBe(false);
    const bad = await get('/api/v1/admin/companies?status=ALMOST');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('query.status');
    expect((await get('/api/v1/admin/companies?size=1000')).status).toBe(400);
  });

  it('shows a company with its current documents and what it lacks', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER', {
      name: 'Half Done Logistics',
      tin: '12345678-0002',
    });
    const cac = await uploadDocument(account.accessToken, 'CAC_CERTIFICATE');
    const res = await get(`/api/v1/admin/companies/${account.company.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: account.company.id,
      name: 'Half Done Logistics',
      type: 'TRANSPORTER',
      verificationStatus: 'UNVERIFIED',
      ownerEmail: account.email,
      ownerName: 'Kemi User',
      verifiedAt: null,
      missingDetails: ['cacRegistrationNumber', 'address', 'contactPhone'],
      missingDocuments: ['OPERATING_LICENCE', 'GIT_INSURANCE'],
    });
    expect(res.body.documents).toEqual([expect.objectContaining({ id: cac.id, status: 'PENDING_REVIEW' })]);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${account.company.id}/documents/${cac.id}/file`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(SAMPLE_FILES.pdf())).toBe(true);

    // A document asked for under the wrong company is not found.
    const other = await signedInAccount(t, 'CUSTOMER');
    const wrong = await get(`/api/v1/admin/companies/${other.company.id}/documents/${cac.id}/file`);
    expect(wrong.status).toBe(404);
  });

  it('verifies a complete company: documents approved, users e-mailed, and they can act at once', async () => {
    const company = await pendingCompany('CUSTOMER');
    const colleague = uniqueEmail('colleague');
    await createUser(t.ctx.db, company.company.id, {
      email: colleague,
      password: GOOD_PASSWORD,
      userType: 'CUSTOMER',
    });
    await t.ctx.db
      .update(companies)
      .set({ rejectionReason: 'Old reason' })
      .where(eq(companies.id, company.company.id));

    const res = await post(`/api/v1/admin/companies/${company.company.id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verificationStatus: 'VERIFIED',
      rejectionReason: null,
      verifiedAt: expect.any(String),
      missingDetails: [],
      missingDocuments: [],
    });
    expect(res.body.documents.map((d: { status: string }) => d.status)).toEqual(['APPROVED']);
    const [doc] = await t.ctx.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.id, company.docs[0]!.id));
    expect(doc).toMatchObject({ status: 'APPROVED', reviewedBy: admin.user.id });

    for (const to of [company.email, colleague]) {
      const [mail] = await t.mailsTo(to);
      expect(mail?.subject).toBe(`${company.company.name}: company verified`);
      expect(mail?.text).toContain(company.company.name);
    }
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, company.company.id), eq(auditLog.action, 'company.verified')));
    expect(audit).toMatchObject({ actorUserId: admin.user.id, companyId: company.company.id });

    // The same access token now carries the verified status: it is read on every request.
    const validate = await get('/api/v1/company/documents/validate', company.accessToken);
    expect(validate.body.verificationStatus).toBe('VERIFIED');

    const again = await post(`/api/v1/admin/companies/${company.company.id}/verify`);
    expect(again.status).toBe(409);
  });

  it('answers 409 naming what is missing when the company is not complete', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER', COMPLETE_DETAILS);
    await uploadDocument(account.accessToken, 'CAC_CERTIFICATE');
    const res = await post(`/api/v1/admin/companies/${account.company.id}/verify`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This company cannot be verified yet. Missing or rejected: Operating licence, Goods-in-transit insurance.',
    );
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'documents.OPERATING_LICENCE',
      'documents.GIT_INSURANCE',
    ]);
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, account.company.id));
    expect(row!.verificationStatus).toBe('UNVERIFIED');
    expect(await t.mailsTo(account.email)).toEqual([]);
  });

  it('rejects a company with a reason: pending documents rejected, users e-mailed with a link to fix it', async () => {
    const company = await pendingCompany('TRANSPORTER');
    const reason = 'The goods-in-transit insurance expired in March';
    const res = await post(`/api/v1/admin/companies/${company.company.id}/reject`, {
      reason: `  ${reason} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verificationStatus: 'REJECTED',
      rejectionReason: reason,
      verifiedAt: null,
    });
    expect(
      res.body.documents.map((d: { status: string; rejectionReason: string }) => [
        d.status,
        d.rejectionReason,
      ]),
    ).toEqual([
      ['REJECTED', reason],
      ['REJECTED', reason],
      ['REJECTED', reason],
    ]);
    expect(res.body.missingDocuments).toHaveLength(3);

    const [mail] = await t.mailsTo(company.email);
    expect(mail?.subject).toBe(`${company.company.name}: verification not approved`);
    expect(mail?.text).toContain(reason);
    expect(mail?.links).toContain('http://localhost:3000/company');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, company.company.id), eq(auditLog.action, 'company.rejected')));
    expect(audit?.data).toMatchObject({ reason });

    // The company sees the reason on its checklist and may send the documents again.
    const validate = await get('/api/v1/company/documents/validate', company.accessToken);
    expect(validate.body).toMatchObject({ verificationStatus: 'REJECTED', complete: false });
  });

  it('keeps approved documents approved when a re-review is rejected', async () => {
    const company = await pendingCompany('CUSTOMER');
    await post(`/api/v1/admin/companies/${company.company.id}/verify`);
    const replaced = await uploadDocument(company.accessToken, 'CAC_CERTIFICATE');
    const res = await post(`/api/v1/admin/companies/${company.company.id}/reject`, {
      reason: 'The new certificate shows another company name',
    });
    expect(res.body.documents).toEqual([expect.objectContaining({ id: replaced.id, status: 'REJECTED' })]);
    const [old] = await t.ctx.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.id, company.docs[0]!.id));
    expect(old!.status).toBe('APPROVED');
  });

  it('answers 400 for a missing or short reason', async () => {
    const company = await pendingCompany('CUSTOMER');
    for (const body of [{}, { reason: 'bad' }, { reason: 'Fine reason', extra: 1 }]) {
      const res = await post(`/api/v1/admin/companies/${company.company.id}/reject`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, company.company.id));
    expect(row!.verificationStatus).toBe('PENDING_REVIEW');
  });

  it('lets only admins in (403 for customers, transporters and fleet managers; 401 without a token)', async () => {
    const company = await pendingCompany('CUSTOMER');
    const transporter = await signedInAccount(t, 'TRANSPORTER');
    const fleetManager = await signedInAccount(t, 'FLEET_MANAGER');
    const base = `/api/v1/admin/companies/${company.company.id}`;
    for (const token of [company.accessToken, transporter.accessToken, fleetManager.accessToken]) {
      expect((await get('/api/v1/admin/companies', token)).status).toBe(403);
      expect((await get(base, token)).status).toBe(403);
      expect((await get(`${base}/documents/${company.docs[0]!.id}/file`, token)).status).toBe(403);
      expect((await post(`${base}/verify`, undefined, token)).status).toBe(403);
      expect((await post(`${base}/reject`, { reason: 'Looks wrong to me' }, token)).status).toBe(403);
      expect((await post(`${base}/suspend`, { reason: 'Looks wrong to me' }, token)).status).toBe(403);
      expect((await post(`${base}/unsuspend`, undefined, token)).status).toBe(403);
    }
    expect((await call(t.app, 'POST', `${base}/suspend`, { reason: 'No token' })).status).toBe(401);
    expect((await call(t.app, 'POST', `${base}/unsuspend`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/admin/companies')).status).toBe(401);
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, company.company.id));
    expect(row!.verificationStatus).toBe('PENDING_REVIEW');
    expect(row!.suspendedAt).toBeNull();
  });

  it('answers 404 for an unknown company or the platform company, 400 for an id that is not one', async () => {
    const unknown = crypto.randomUUID();
    expect((await get(`/api/v1/admin/companies/${unknown}`)).status).toBe(404);
    expect((await post(`/api/v1/admin/companies/${unknown}/verify`)).status).toBe(404);
    expect(
      (await post(`/api/v1/admin/companies/${unknown}/reject`, { reason: 'No such company' })).status,
    ).toBe(404);
    expect((await get(`/api/v1/admin/companies/${unknown}/documents/${unknown}/file`)).status).toBe(404);

    expect(
      (await post(`/api/v1/admin/companies/${unknown}/suspend`, { reason: 'No such company' })).status,
    ).toBe(404);
    expect((await post(`/api/v1/admin/companies/${unknown}/unsuspend`)).status).toBe(404);

    const platform = admin.company.id;
    expect((await get(`/api/v1/admin/companies/${platform}`)).status).toBe(404);
    expect(
      (await post(`/api/v1/admin/companies/${platform}/suspend`, { reason: 'Not ours to stop' })).status,
    ).toBe(404);
    expect((await post(`/api/v1/admin/companies/${platform}/verify`)).status).toBe(404);
    expect(
      (await post(`/api/v1/admin/companies/${platform}/reject`, { reason: 'Not reviewable' })).status,
    ).toBe(404);

    const bad = await get('/api/v1/admin/companies/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: 'params.id', message: 'Company not found' });
    const badDoc = await get(`/api/v1/admin/companies/${unknown}/documents/123/file`);
    expect(badDoc.status).toBe(400);
    expect(badDoc.body.errors[0].field).toBe('params.documentId');
  });

  describe('suspension', () => {
    const me = (token: string) => get('/api/v1/user/me', token);
    const login = (email: string) =>
      call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });

    it('stops the company at once: live sessions end, sign-in and refresh are refused, until it is lifted', async () => {
      const owner = await signedInAccount(t, 'TRANSPORTER', { name: 'Suspended Haulage Ltd' });
      const colleague = await signedInFleetManagerOf(t, owner);
      const bystander = await signedInAccount(t, 'CUSTOMER');
      // Both sessions are remembered by the session cache before the suspension.
      expect((await me(owner.accessToken)).status).toBe(200);
      expect((await me(colleague.accessToken)).status).toBe(200);

      const res = await post(`/api/v1/admin/companies/${owner.company.id}/suspend`, {
        reason: '  Forged goods-in-transit insurance  ',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: owner.company.id,
        suspendedAt: expect.any(String),
        suspensionReason: 'Forged goods-in-transit insurance',
      });

      // Refused at once on this instance, without waiting for the database's announcement.
      for (const token of [owner.accessToken, colleague.accessToken]) {
        const refused = await me(token);
        expect(refused.status).toBe(401);
      }
      expect((await me(bystander.accessToken)).status).toBe(200);

      const signIn = await login(owner.email);
      expect(signIn.status).toBe(403);
      expect(signIn.body.message).toBe(COMPANY_SUSPENDED);
      expect((await login(colleague.email)).status).toBe(403);
      const refresh = await call(t.app, 'POST', '/api/v1/auth/refresh', { refreshToken: owner.refreshToken });
      expect(refresh.status).toBe(401);

      const listed = await get(`/api/v1/admin/companies?status=UNVERIFIED&suspended=true&size=100`);
      expect(listed.body.content.map((c: { id: string }) => c.id)).toContain(owner.company.id);
      expect(listed.body.content.every((c: { suspendedAt: string | null }) => c.suspendedAt !== null)).toBe(
        true,
      );
      const notSuspended = await get(`/api/v1/admin/companies?status=UNVERIFIED&suspended=false&size=100`);
      expect(notSuspended.body.content.map((c: { id: string }) => c.id)).not.toContain(owner.company.id);

      const lifted = await post(`/api/v1/admin/companies/${owner.company.id}/unsuspend`);
      expect(lifted.status).toBe(200);
      expect(lifted.body).toMatchObject({ suspendedAt: null, suspensionReason: null });
      expect((await login(owner.email)).status).toBe(200);
      expect((await me(colleague.accessToken)).status).toBe(200);

      const rows = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, owner.company.id), eq(auditLog.entityType, 'company')))
        .orderBy(auditLog.id);
      expect(rows.map((r) => [r.action, r.actorUserId, r.companyId])).toEqual([
        ['company.suspended', admin.user.id, owner.company.id],
        ['company.unsuspended', admin.user.id, owner.company.id],
      ]);
      expect(rows[0]!.data).toEqual({
        reason: 'Forged goods-in-transit insurance',
        before: { suspendedAt: null, suspensionReason: null },
        after: { suspendedAt: res.body.suspendedAt, suspensionReason: 'Forged goods-in-transit insurance' },
      });
      expect(rows[1]!.data).toEqual({
        before: { suspendedAt: res.body.suspendedAt, suspensionReason: 'Forged goods-in-transit insurance' },
        after: { suspendedAt: null, suspensionReason: null },
      });
    });

    it('answers 409 when the company is already suspended, or is not when lifting', async () => {
      const account = await signedInAccount(t, 'CUSTOMER');
      const base = `/api/v1/admin/companies/${account.company.id}`;
      expect((await post(`${base}/unsuspend`)).status).toBe(409);
      expect((await post(`${base}/suspend`, { reason: 'Chargebacks' })).status).toBe(200);
      const again = await post(`${base}/suspend`, { reason: 'Chargebacks again' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This company is already suspended.');
      const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, account.company.id));
      expect(row!.suspensionReason).toBe('Chargebacks');
    });

    it.each([
      ['no reason', {}],
      ['a blank reason', { reason: '   ' }],
      ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
      ['a NUL byte in the reason', { reason: 'Fraud\u0000' }],
      ['an unknown field', { reason: 'Fraud', until: '2027-01-01' }],
    ])('answers 400 on the reason for %s and suspends nothing', async (_label, body) => {
      const account = await signedInAccount(t, 'CUSTOMER');
      const res = await post(`/api/v1/admin/companies/${account.company.id}/suspend`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
      if (!('until' in body)) expect(res.body.errors[0].field).toBe('reason');
      const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, account.company.id));
      expect(row!.suspendedAt).toBeNull();
    });

    it('answers 400 for a suspended filter that is not true or false', async () => {
      const res = await get('/api/v1/admin/companies?suspended=yes');
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({
        field: 'query.suspended',
        message: 'suspended must be true or false',
      });
    });
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('admin: suspension on two API instances', () => {
  const instances = twoInstances();

  it('ends the company’s sessions on the other instance as soon as it is suspended on one', async () => {
    const admin = await signedInAccount(instances.a, 'ADMIN');
    const account = await signedInAccount(instances.a, 'CUSTOMER');
    const meOn = (t: TestApp) =>
      call(t.app, 'GET', '/api/v1/user/me', undefined, { token: account.accessToken });
    expect((await meOn(instances.b)).status).toBe(200);
    expect(instances.b.ctx.principals.size).toBeGreaterThan(0);

    const heardOnB = instances.b.ctx.principals.heard(`c:${account.company.id}`);
    const res = await call(
      instances.a.app,
      'POST',
      `/api/v1/admin/companies/${account.company.id}/suspend`,
      { reason: 'Chargebacks under investigation' },
      { token: admin.accessToken },
    );
    expect(res.status).toBe(200);
    await heardOnB;
    expect((await meOn(instances.b)).status).toBe(401);
  });
});
