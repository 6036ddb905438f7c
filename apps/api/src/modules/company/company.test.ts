import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, companyDocuments } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { principalChangeHeard } from '../../test/changes-heard';

const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Apapa Freight Ltd',
  cacRegistrationNumber: 'rc1234567',
  tin: '12345678-0001',
  address: { street: '5 Wharf Road', neighborhood: 'Apapa', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
  contactName: 'Ifeoma Nwosu',
  contactPhone: '+2348035550000',
  contactEmail: 'Ops@ApapaFreight.ng',
  ...overrides,
});

describe('company details and verification documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (token: string, body: unknown) => call(t.app, 'PUT', '/api/v1/user/company', body, { token });
  const validate = (token: string) =>
    call(t.app, 'GET', '/api/v1/company/documents/validate', undefined, { token });

  it("updates the caller's own company only", async () => {
    const a = await signedInAccount(t, 'CUSTOMER', { name: 'Before Ltd' });
    const b = await signedInAccount(t, 'CUSTOMER', { name: 'Other Ltd' });
    const res = await put(a.accessToken, details());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: a.company.id,
      name: 'Apapa Freight Ltd',
      cacRegistrationNumber: 'RC 1234567',
      contactEmail: 'ops@apapafreight.ng',
      address: { state: 'Lagos', lga: 'Apapa' },
    });
    const [other] = await t.ctx.db.select().from(companies).where(eq(companies.id, b.company.id));
    expect(other!.name).toBe('Other Ltd');
    expect(other!.cacRegistrationNumber).toBeNull();
  });

  it('sends a verified company back to review when its legal identity changes', async () => {
    const a = await signedInAccount(t, 'TRANSPORTER');
    await put(a.accessToken, details());
    await t.ctx.db
      .update(companies)
      .set({ verificationStatus: 'VERIFIED' })
      .where(eq(companies.id, a.company.id));
    await principalChangeHeard(t, `c:${a.company.id}`);
    const sameIdentity = await put(a.accessToken, details({ contactName: 'New Contact' }));
    expect(sameIdentity.body.data.verificationStatus).toBe('VERIFIED');
    const newCac = await put(a.accessToken, details({ cacRegistrationNumber: 'RC 7777777' }));
    expect(newCac.body.data.verificationStatus).toBe('PENDING_REVIEW');
  });

  it.each([
    [{ cacRegistrationNumber: '1234567' }, 'cacRegistrationNumber'],
    [{ tin: '1234' }, 'tin'],
    [{ address: { street: 'x', lga: 'Ikeja', city: 'Ikeja', state: 'Lagoss' } }, 'address.state'],
    [{ address: { street: '', lga: 'Ikeja', city: 'Ikeja', state: 'Lagos' } }, 'address.street'],
    [{ contactPhone: '0803' }, 'contactPhone'],
    [{ verificationStatus: 'VERIFIED' }, 'verificationStatus'],
  ])('answers 400 naming the bad field %#', async (override, field) => {
    const a = await signedInAccount(t);
    const res = await put(a.accessToken, details(override));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(row!.cacRegistrationNumber).toBeNull();
  });

  it('lets only the owner roles edit company details (403 for fleet managers and admins)', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const email = uniqueEmail('fm');
    await createUser(t.ctx.db, owner.company.id, {
      email,
      password: GOOD_PASSWORD,
      userType: 'FLEET_MANAGER',
    });
    const fm = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
    expect((await put(fm.body.accessToken, details())).status).toBe(403);
    const admin = await signedInAccount(t, 'ADMIN');
    const res = await put(admin.accessToken, details());
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    // A fleet manager may still see what the company lacks.
    expect((await validate(fm.body.accessToken)).status).toBe(200);
  });

  it('lists what a new customer lacks: details and the CAC certificate', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const res = await validate(a.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verificationStatus: 'UNVERIFIED',
      complete: false,
      missingDetails: ['cacRegistrationNumber', 'tin', 'address', 'contactPhone'],
      documents: [{ type: 'CAC_CERTIFICATE', label: 'CAC certificate', status: 'MISSING' }],
      missingDocuments: ['CAC_CERTIFICATE'],
      awaitingReview: [],
    });
  });

  it('asks a transporter for the CAC certificate, operating licence and goods-in-transit insurance', async () => {
    const a = await signedInAccount(t, 'TRANSPORTER');
    await put(a.accessToken, details());
    await t.ctx.db.insert(companyDocuments).values({
      companyId: a.company.id,
      type: 'CAC_CERTIFICATE',
      storageKey: 'k',
      fileName: 'cac.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1000,
    });
    const res = await validate(a.accessToken);
    expect(res.body.missingDetails).toEqual([]);
    expect(res.body.documents.map((d: { type: string; status: string }) => `${d.type}:${d.status}`)).toEqual([
      'CAC_CERTIFICATE:PENDING_REVIEW',
      'OPERATING_LICENCE:MISSING',
      'GIT_INSURANCE:MISSING',
    ]);
    expect(res.body.missingDocuments).toEqual(['OPERATING_LICENCE', 'GIT_INSURANCE']);
    expect(res.body.awaitingReview).toEqual(['CAC_CERTIFICATE']);
    expect(res.body.complete).toBe(false);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(t.app, 'GET', '/api/v1/company/documents/validate')).status).toBe(401);
    expect((await call(t.app, 'PUT', '/api/v1/user/company', details())).status).toBe(401);
  });
});
