import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, companies, companyDocuments } from '../../db/schema';
import { createUser } from '../../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail } from '../../test/accounts';
import { multipartBody, SAMPLE_FILES, type MultipartFile } from '../../test/multipart';
import { call, createTestApp, randomIp, type TestApp } from '../../test/test-app';

const COMPLETE_DETAILS = {
  cacRegistrationNumber: 'RC 1234567',
  tin: '12345678-0001',
  address: {
    street: '5 Wharf Road',
    neighborhood: 'Apapa',
    lga: 'Apapa',
    city: 'Lagos',
    state: 'Lagos' as const,
  },
  contactName: 'Ifeoma Nwosu',
  contactPhone: '+2348035550000',
  contactEmail: 'ops@apapafreight.ng',
};

const pdf = (fileName = 'cac.pdf'): MultipartFile => ({
  fileName,
  content: SAMPLE_FILES.pdf(),
  contentType: 'application/pdf',
});

describe('company verification documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function uploadAs(token: string | undefined, fields: Record<string, string>, file?: MultipartFile) {
    const body = multipartBody(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/documents',
      remoteAddress: randomIp(),
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
  }

  const list = (token: string) => call(t.app, 'GET', '/api/v1/company/documents', undefined, { token });
  const validate = (token: string) =>
    call(t.app, 'GET', '/api/v1/company/documents/validate', undefined, { token });
  const download = (token: string, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/company/documents/${id}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
  const statusOf = async (companyId: string) => {
    const [row] = await t.ctx.db.select().from(companies).where(eq(companies.id, companyId));
    return row!.verificationStatus;
  };

  it('stores a PDF, lists it as awaiting review and gives it back as an attachment', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const res = await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf('CAC certificate 2026.pdf'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'CAC_CERTIFICATE',
      label: 'CAC certificate',
      status: 'PENDING_REVIEW',
      fileName: 'CAC certificate 2026.pdf',
      mimeType: 'application/pdf',
      sizeBytes: SAMPLE_FILES.pdf().length,
      rejectionReason: null,
    });

    const listed = await list(a.accessToken);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([res.body]);

    const file = await download(a.accessToken, res.body.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="CAC certificate 2026.pdf"/);
    expect(file.rawPayload.equals(SAMPLE_FILES.pdf())).toBe(true);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, 'company.document_uploaded')));
    expect(audit).toMatchObject({ actorUserId: a.user.id, companyId: a.company.id });
    // Details are still missing, so the company is not yet in the review queue.
    expect(await statusOf(a.company.id)).toBe('UNVERIFIED');
  });

  it('accepts PNG and JPEG scans, read by their content', async () => {
    const a = await signedInAccount(t, 'TRANSPORTER');
    const png = await uploadAs(
      a.accessToken,
      { type: 'OPERATING_LICENCE' },
      {
        fileName: 'licence.png',
        content: SAMPLE_FILES.png(),
        contentType: 'application/octet-stream',
      },
    );
    expect(png.status).toBe(201);
    expect(png.body.mimeType).toBe('image/png');
    const jpeg = await uploadAs(
      a.accessToken,
      { type: 'GIT_INSURANCE' },
      {
        fileName: 'insurance.jpg',
        content: SAMPLE_FILES.jpeg(),
        contentType: 'image/jpeg',
      },
    );
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.mimeType).toBe('image/jpeg');
    const listed = await list(a.accessToken);
    expect(listed.body.map((d: { type: string }) => d.type)).toEqual(['GIT_INSURANCE', 'OPERATING_LICENCE']);
  });

  it('keeps older uploads as history and shows only the newest of a type', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const first = await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf('old.pdf'));
    const second = await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf('new.pdf'));
    const listed = await list(a.accessToken);
    expect(listed.body.map((d: { id: string }) => d.id)).toEqual([second.body.id]);
    const rows = await t.ctx.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, a.company.id));
    expect(rows).toHaveLength(2);
    // The superseded file can still be fetched by its own id.
    expect((await download(a.accessToken, first.body.id)).statusCode).toBe(200);
  });

  it('puts a customer into review once the details and the CAC certificate are in', async () => {
    const a = await signedInAccount(t, 'CUSTOMER', COMPLETE_DETAILS);
    expect(await statusOf(a.company.id)).toBe('UNVERIFIED');
    await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    const res = await validate(a.accessToken);
    expect(res.body).toMatchObject({
      verificationStatus: 'PENDING_REVIEW',
      complete: true,
      awaitingReview: ['CAC_CERTIFICATE'],
    });
  });

  it('puts a transporter into review only when all three documents are in', async () => {
    const a = await signedInAccount(t, 'TRANSPORTER', COMPLETE_DETAILS);
    await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    await uploadAs(a.accessToken, { type: 'OPERATING_LICENCE' }, pdf());
    expect(await statusOf(a.company.id)).toBe('UNVERIFIED');
    await uploadAs(a.accessToken, { type: 'GIT_INSURANCE' }, pdf());
    expect(await statusOf(a.company.id)).toBe('PENDING_REVIEW');
  });

  it('puts a company into review when saving the details completes it', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    expect(await statusOf(a.company.id)).toBe('UNVERIFIED');
    const res = await call(
      t.app,
      'PUT',
      '/api/v1/user/company',
      { name: 'Apapa Freight Ltd', ...COMPLETE_DETAILS },
      { token: a.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.verificationStatus).toBe('PENDING_REVIEW');
  });

  it('sends a rejected company back to review once it uploads the rejected document again', async () => {
    const a = await signedInAccount(t, 'CUSTOMER', { ...COMPLETE_DETAILS, verificationStatus: 'REJECTED' });
    await t.ctx.db.insert(companyDocuments).values({
      companyId: a.company.id,
      type: 'CAC_CERTIFICATE',
      status: 'REJECTED',
      rejectionReason: 'The certificate is unreadable',
      storageKey: 'company-documents/none',
      fileName: 'blurry.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
      createdAt: new Date(Date.now() - 60_000),
    });
    expect((await validate(a.accessToken)).body.missingDocuments).toEqual(['CAC_CERTIFICATE']);
    await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    expect(await statusOf(a.company.id)).toBe('PENDING_REVIEW');
  });

  it('sends a verified company back to review when it replaces a document', async () => {
    const a = await signedInAccount(t, 'CUSTOMER', { ...COMPLETE_DETAILS, verificationStatus: 'VERIFIED' });
    const res = await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    expect(res.status).toBe(201);
    expect(await statusOf(a.company.id)).toBe('PENDING_REVIEW');
  });

  it.each<[Record<string, string>, string]>([
    [{}, 'no type'],
    [{ type: 'PASSPORT' }, 'an unknown type'],
    [{ type: 'OPERATING_LICENCE' }, "a transporter's document"],
  ])('answers 400 on field type for %j (%s)', async (fields) => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const res = await uploadAs(a.accessToken, fields, pdf());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'type', message: expect.any(String) }]);
    expect(res.body.message).toBeTruthy();
    expect((await list(a.accessToken)).body).toEqual([]);
  });

  it('answers 400 on field file for a text file named .pdf, an empty upload, and no file', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const text = await uploadAs(
      a.accessToken,
      { type: 'CAC_CERTIFICATE' },
      {
        fileName: 'cac.pdf',
        content: 'just some text pretending to be a PDF',
        contentType: 'application/pdf',
      },
    );
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual([{ field: 'file', message: 'Upload a PDF, JPEG, PNG file' }]);
    const empty = await uploadAs(
      a.accessToken,
      { type: 'CAC_CERTIFICATE' },
      { fileName: 'a.pdf', content: '' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('file');
    const none = await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('file');
  });

  it('answers 400 for a file above 10 MB', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const big = Buffer.concat([SAMPLE_FILES.pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadAs(
      a.accessToken,
      { type: 'CAC_CERTIFICATE' },
      { fileName: 'big.pdf', content: big },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file is larger than 10 MB');
    expect(res.body.errors[0].field).toBe('file');
    expect((await list(a.accessToken)).body).toEqual([]);
  });

  it('answers 400 when the body is not multipart', async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const res = await call(
      t.app,
      'POST',
      '/api/v1/company/documents',
      { type: 'CAC_CERTIFICATE' },
      {
        token: a.accessToken,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('file');
  });

  it('lets only the owner roles upload (403 for fleet managers and admins), and needs a signed-in caller', async () => {
    const owner = await signedInAccount(t, 'TRANSPORTER');
    const email = uniqueEmail('fm');
    await createUser(t.ctx.db, owner.company.id, {
      email,
      password: GOOD_PASSWORD,
      userType: 'FLEET_MANAGER',
    });
    const fm = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
    const byFm = await uploadAs(fm.body.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    expect(byFm.status).toBe(403);
    const admin = await signedInAccount(t, 'ADMIN');
    expect((await uploadAs(admin.accessToken, { type: 'CAC_CERTIFICATE' }, pdf())).status).toBe(403);
    expect((await uploadAs(undefined, { type: 'CAC_CERTIFICATE' }, pdf())).status).toBe(401);

    // A fleet manager may still read the company's documents.
    const uploaded = await uploadAs(owner.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    expect((await list(fm.body.accessToken)).body).toHaveLength(1);
    expect((await download(fm.body.accessToken, uploaded.body.id)).statusCode).toBe(200);
  });

  it("answers 404 for another company's document, and 400 for an id that is not one", async () => {
    const a = await signedInAccount(t, 'CUSTOMER');
    const b = await signedInAccount(t, 'CUSTOMER');
    const doc = await uploadAs(a.accessToken, { type: 'CAC_CERTIFICATE' }, pdf());
    const other = await download(b.accessToken, doc.body.id);
    expect(other.statusCode).toBe(404);
    expect(JSON.parse(other.body).message).toBe('Document not found');
    expect((await list(b.accessToken)).body).toEqual([]);
    expect((await download(a.accessToken, crypto.randomUUID())).statusCode).toBe(404);
    const bad = await download(a.accessToken, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors[0].field).toBe('params.id');
  });
});
