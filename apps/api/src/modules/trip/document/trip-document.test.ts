import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_TRIP_DOCUMENT_BYTES } from '@freightlane/domain';
import { tripDocuments } from '../../../db/schema';
import { setTripState } from '../../../test/awarded-trips';
import { multipartBody, SAMPLE_FILES, type MultipartFile } from '../../../test/multipart';
import { call, createTestApp, randomIp, type TestApp } from '../../../test/test-app';
import { tripWorld, type Account, type TripRef, type TripWorld } from '../../../test/trip-world';

const WEBP = () =>
  Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0x00, 0x00, 0x00]),
    Buffer.from('WEBPVP8L'),
    Buffer.from([0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11]),
  ]);
const EXE = () =>
  Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run')]);
const HTML = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

const pdf = (fileName = 'waybill.pdf'): MultipartFile => ({
  fileName,
  content: SAMPLE_FILES.pdf(),
  contentType: 'application/pdf',
});

describe('trip documents', () => {
  let t: TestApp;
  let w: TripWorld;
  let trip: TripRef;
  let cancelledTrip: TripRef;
  let otherTrip: TripRef;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    [trip, cancelledTrip] = (await w.newTrips(2)) as [TripRef, TripRef];
    await setTripState(t, [cancelledTrip.id], { cancelled: true });
    otherTrip = await w.tripOfOthers();
  });
  afterAll(() => t.close());

  async function upload(
    token: string | undefined,
    tripId: string,
    fields: Record<string, string>,
    file?: MultipartFile,
  ) {
    const body = multipartBody(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trips/${tripId}/documents`,
      remoteAddress: randomIp(),
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
  }
  const download = (token: string | undefined, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/trips/documents/${id}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const remove = (token: string | undefined, id: string) =>
    call(t.app, 'DELETE', `/api/v1/trips/documents/${id}`, undefined, token ? { token } : {});
  const documentRow = async (id: string) =>
    (await t.ctx.db.select().from(tripDocuments).where(eq(tripDocuments.id, id)))[0];
  const documentCount = async (tripId: string) =>
    (await t.ctx.db.select().from(tripDocuments).where(eq(tripDocuments.tripId, tripId))).length;
  /** Files in the trip-documents folder: a refused upload must leave none behind. */
  const storedFiles = () => {
    const dir = path.join(t.dataDir, 'uploads', 'trip-documents');
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  describe('POST /api/v1/trips/{id}/documents', () => {
    it('stores a PDF for the customer, with the cleaned name, and writes an audit row', async () => {
      const res = await upload(
        w.customer.accessToken,
        trip.id,
        { kind: 'WAYBILL' },
        pdf('../../etc/Wáybill 0113.pdf'),
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        kind: 'WAYBILL',
        fileName: 'Wáybill 0113.pdf',
        contentType: 'application/pdf',
        sizeBytes: SAMPLE_FILES.pdf().length,
        uploadedBy: 'Kemi User (Lekki Foods Ltd)',
        uploadedAt: expect.any(String),
        canDelete: true,
      });
      const row = await documentRow(res.body.id);
      expect(row).toMatchObject({
        tripId: trip.id,
        uploadedByUserId: w.customer.user.id,
        uploadedByCompanyId: w.customer.company.id,
      });
      // A random key under the folder, never the user's file name.
      expect(row!.storageKey).toMatch(/^trip-documents\/[A-Za-z0-9_-]{16,}$/);
      const audits = await w.audits(res.body.id, 'trip.document_uploaded');
      expect(audits).toHaveLength(1);
      expect(audits[0]!.ipAddress).toEqual(expect.any(String));
      expect(audits[0]!.data).toMatchObject({
        tripId: trip.id,
        kind: 'WAYBILL',
        contentType: 'application/pdf',
      });
    });

    it('types a file by its content: PDF bytes named .png are a PDF, and named so', async () => {
      const res = await upload(
        w.transporter.accessToken,
        trip.id,
        { kind: 'PROOF_OF_DELIVERY' },
        { fileName: 'pod.png', content: SAMPLE_FILES.pdf(), contentType: 'image/png' },
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        kind: 'PROOF_OF_DELIVERY',
        fileName: 'pod.png.pdf',
        contentType: 'application/pdf',
        uploadedBy: 'Kemi User (Agege Haulage Ltd)',
      });
    });

    it.each([
      ['JPEG', 'fleetManager', SAMPLE_FILES.jpeg(), 'image/jpeg', 'Bola Adeyemi (Agege Haulage Ltd)'],
      ['PNG', 'admin', SAMPLE_FILES.png(), 'image/png', 'Kemi User (Freightlane Ops)'],
      ['WebP', 'customer', WEBP(), 'image/webp', 'Kemi User (Lekki Foods Ltd)'],
    ] as const)('accepts a %s photo from any party', async (_type, who, content, contentType, uploadedBy) => {
      const token = w[who].accessToken;
      const res = await upload(token, trip.id, { kind: 'PHOTO' }, { fileName: 'truck.bin', content });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kind: 'PHOTO', contentType, sizeBytes: content.length, uploadedBy });
    });

    it('accepts a file of exactly 10 MB', async () => {
      const content = Buffer.concat([
        SAMPLE_FILES.pdf(),
        Buffer.alloc(MAX_TRIP_DOCUMENT_BYTES - SAMPLE_FILES.pdf().length),
      ]);
      const res = await upload(
        w.transporter.accessToken,
        trip.id,
        { kind: 'OTHER' },
        { fileName: 'big.pdf', content },
      );
      expect(res.status).toBe(201);
      expect(res.body.sizeBytes).toBe(MAX_TRIP_DOCUMENT_BYTES);
    });

    it.each([
      [
        'an unknown kind',
        { kind: 'INVOICE' },
        pdf(),
        'kind',
        expect.stringContaining('Choose one of Waybill'),
      ],
      ['no kind', {}, pdf(), 'kind', 'Choose what the document is'],
      ['no file', { kind: 'WAYBILL' }, undefined, 'file', 'Choose a file to upload'],
      [
        'an executable named .pdf',
        { kind: 'WAYBILL' },
        { fileName: 'waybill.pdf', content: EXE(), contentType: 'application/pdf' },
        'file',
        'Upload a PDF, JPEG, PNG, WebP file',
      ],
      [
        'an HTML page named .png',
        { kind: 'PHOTO' },
        { fileName: 'photo.png', content: HTML(), contentType: 'image/png' },
        'file',
        'Upload a PDF, JPEG, PNG, WebP file',
      ],
      [
        'a file of 10 MB and 1 byte',
        { kind: 'OTHER' },
        {
          fileName: 'huge.pdf',
          content: Buffer.concat([
            SAMPLE_FILES.pdf(),
            Buffer.alloc(MAX_TRIP_DOCUMENT_BYTES + 1 - SAMPLE_FILES.pdf().length),
          ]),
        },
        'file',
        'The file must be at most 10 MB',
      ],
    ])('refuses %s with 400 on the field and stores nothing', async (_name, fields, file, field, message) => {
      const rows = await documentCount(trip.id);
      const files = storedFiles();
      const res = await upload(w.customer.accessToken, trip.id, fields, file);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
      expect(await documentCount(trip.id)).toBe(rows);
      expect(storedFiles()).toBe(files);
    });

    it('refuses a body that is not multipart with 400', async () => {
      const res = await call(
        t.app,
        'POST',
        `/api/v1/trips/${trip.id}/documents`,
        { kind: 'WAYBILL' },
        {
          token: w.customer.accessToken,
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'file', message: 'Choose a file to upload' }]);
    });

    it('refuses a trip id that is not a uuid with 400 and a missing token with 401', async () => {
      const bad = await upload(w.customer.accessToken, 'trip-1', { kind: 'WAYBILL' }, pdf());
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'params.id', message: 'Trip not found' }]);
      expect((await upload(undefined, trip.id, { kind: 'WAYBILL' }, pdf())).status).toBe(401);
    });

    it("answers 404 on another company's trip and 409 on a cancelled one, storing nothing", async () => {
      const files = storedFiles();
      for (const token of [w.customer.accessToken, w.fleetManager.accessToken]) {
        const res = await upload(token, otherTrip.id, { kind: 'WAYBILL' }, pdf());
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Trip not found');
      }
      const cancelled = await upload(w.transporter.accessToken, cancelledTrip.id, { kind: 'WAYBILL' }, pdf());
      expect(cancelled.status).toBe(409);
      expect(cancelled.body.message).toBe('This trip was cancelled; it takes no further change');
      expect(await documentCount(otherTrip.id)).toBe(0);
      expect(await documentCount(cancelledTrip.id)).toBe(0);
      expect(storedFiles()).toBe(files);
    });
  });

  describe('GET /api/v1/trips/documents/{id}', () => {
    let documentId: string;
    beforeAll(async () => {
      const res = await upload(
        w.transporter.accessToken,
        trip.id,
        { kind: 'EQUIPMENT_INTERCHANGE_RECEIPT' },
        pdf('EIR Ọ́jọ́ 7.pdf'),
      );
      documentId = res.body.id;
    });

    it('streams the file to the other party as an attachment with the stored type', async () => {
      const res = await download(w.customer.accessToken, documentId);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(SAMPLE_FILES.pdf())).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(SAMPLE_FILES.pdf().length));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="EIR __j__ 7.pdf"; filename*=UTF-8''${encodeURIComponent('EIR Ọ́jọ́ 7.pdf')}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('serves a PDF named .png as a PDF, with a name that opens it as one', async () => {
      const uploaded = await upload(
        w.customer.accessToken,
        trip.id,
        { kind: 'OTHER' },
        { fileName: 'scan.png', content: SAMPLE_FILES.pdf(), contentType: 'image/png' },
      );
      const res = await download(w.admin.accessToken, uploaded.body.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="scan.png.pdf"; filename*=UTF-8''scan.png.pdf`,
      );
    });

    it('answers 404 to another company, 400 to a bad id and 401 without a token', async () => {
      for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
        const res = await download(token, documentId);
        expect(res.statusCode).toBe(404);
        expect(JSON.parse(res.body).message).toBe('Document not found');
      }
      const unknown = await download(w.customer.accessToken, '00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      const bad = await download(w.customer.accessToken, 'waybill.pdf');
      expect(bad.statusCode).toBe(400);
      expect(JSON.parse(bad.body).errors).toEqual([{ field: 'params.id', message: 'Document not found' }]);
      expect((await download(undefined, documentId)).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/v1/trips/documents/{id}', () => {
    let ofTransporter: string;
    let ofCustomer: string;
    beforeAll(async () => {
      ofTransporter = (
        await upload(w.fleetManager.accessToken, trip.id, { kind: 'WAYBILL' }, pdf('del-a.pdf'))
      ).body.id;
      ofCustomer = (await upload(w.customer.accessToken, trip.id, { kind: 'WAYBILL' }, pdf('del-b.pdf'))).body
        .id;
    });

    it('tells each party which documents it may delete, newest first', async () => {
      const documentsAs = async (
        account: Account,
      ): Promise<{ id: string; canDelete: boolean; uploadedAt: string }[]> =>
        (await call(t.app, 'GET', `/api/v1/trips/${trip.id}`, undefined, { token: account.accessToken })).body
          .documents;
      const forCustomer = await documentsAs(w.customer);
      const forTransporter = await documentsAs(w.transporter);
      const forAdmin = await documentsAs(w.admin);
      expect(forCustomer.slice(0, 2).map((d) => [d.id, d.canDelete])).toEqual([
        [ofCustomer, true],
        [ofTransporter, false],
      ]);
      expect(forTransporter.slice(0, 2).map((d) => [d.id, d.canDelete])).toEqual([
        [ofCustomer, false],
        [ofTransporter, true],
      ]);
      expect(forAdmin.every((d) => d.canDelete)).toBe(true);
      const times = forCustomer.map((d) => d.uploadedAt);
      expect(times).toEqual([...times].sort().reverse());
      const detail = await call(t.app, 'GET', `/api/v1/trips/${trip.id}`, undefined, {
        token: w.fleetManager.accessToken,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.documents).toEqual(forTransporter);
    });

    it('refuses the other party with 403 and another company with 404, keeping the document', async () => {
      const byCustomer = await remove(w.customer.accessToken, ofTransporter);
      expect(byCustomer.status).toBe(403);
      expect(byCustomer.body.message).toBe('Only the party that uploaded a document can delete it');
      const byTransporter = await remove(w.transporter.accessToken, ofCustomer);
      expect(byTransporter.status).toBe(403);
      for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
        const res = await remove(token, ofTransporter);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Document not found');
      }
      expect(await documentRow(ofTransporter)).toBeDefined();
      expect(await documentRow(ofCustomer)).toBeDefined();
    });

    it('refuses a bad id with 400 and a missing token with 401', async () => {
      const bad = await remove(w.customer.accessToken, 'abc');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'params.id', message: 'Document not found' }]);
      expect((await remove(undefined, ofCustomer)).status).toBe(401);
    });

    it("deletes for the uploader's company: the row, the stored file and an audit row", async () => {
      const { storageKey } = (await documentRow(ofTransporter))!;
      const res = await remove(w.transporter.accessToken, ofTransporter);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Document deleted' });
      expect(await documentRow(ofTransporter)).toBeUndefined();
      await expect(t.ctx.storage.read(storageKey)).rejects.toThrow();
      const audits = await w.audits(ofTransporter, 'trip.document_deleted');
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorUserId: w.transporter.user.id,
        companyId: w.transporter.company.id,
        ipAddress: expect.any(String),
      });
      const again = await remove(w.transporter.accessToken, ofTransporter);
      expect(again.status).toBe(404);
      expect((await download(w.customer.accessToken, ofTransporter)).statusCode).toBe(404);
    });

    it('lets an admin delete any document, even when its file is already gone', async () => {
      const { storageKey } = (await documentRow(ofCustomer))!;
      await t.ctx.storage.remove(storageKey);
      const res = await remove(w.admin.accessToken, ofCustomer);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Document deleted' });
      expect(await documentRow(ofCustomer)).toBeUndefined();
    });
  });
});
