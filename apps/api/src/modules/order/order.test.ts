import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, bids, companies, jobs, orderItems, orders, preferredPartners } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  generalCargoRow,
  insertBid,
  lagosDate,
  LAGOS_ADDRESS,
  orderBody,
  placeOrderViaApi,
  referenceIds,
  samplePdf,
  uploadQuoteDocument,
  validContainerNumber,
  type ReferenceIds,
} from '../../test/marketplace';
import { multipartBody } from '../../test/multipart';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { principalChangeHeard } from '../../test/changes-heard';

const ORDER_NUMBER = /^ORD-\d{4}-\d{6}$/;

describe('customer orders', () => {
  let t: TestApp;
  let refs: ReferenceIds;
  beforeAll(async () => {
    t = await createTestApp();
    refs = await referenceIds(t);
  });
  afterAll(() => t.close());

  const place = (token: string, body: unknown) => call(t.app, 'POST', '/api/v1/orders', body, { token });
  const detail = (token: string, id: string) =>
    call(t.app, 'GET', `/api/v1/orders/${id}`, undefined, { token });
  const list = (token: string, query = '') =>
    call(t.app, 'GET', `/api/v1/orders${query}`, undefined, { token });
  const cancel = (token: string, id: string, body: unknown = { reason: 'Client changed the vessel' }) =>
    call(t.app, 'POST', `/api/v1/orders/${id}/cancel`, body, { token });
  const download = (token: string, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}/quote-document`,
      headers: { authorization: `Bearer ${token}` },
    });
  const fields = (res: { body: Record<string, any> }) =>
    (res.body.errors ?? []).map((e: { field: string }) => e.field);
  const ordersOf = (companyId: string) =>
    t.ctx.db.select().from(orders).where(eq(orders.customerCompanyId, companyId));

  describe('POST /api/v1/orders', () => {
    it('places a container order from a terminal to an address', async () => {
      const customer = await createVerifiedCustomer(t, { name: 'Okafor Imports Ltd' });
      const containers = containerRows(2, refs.linerId, ['FTS_20', 'FTS_40_HIGH']);
      const body = orderBody({ containers, reference: '  PO-7781 ' }, refs);
      const res = await place(customer.accessToken, body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        orderNumber: expect.stringMatching(ORDER_NUMBER),
        cargoType: 'IMPORT_LINER_OWNED',
        status: 'OPEN',
        biddingOpen: true,
        clientName: 'Dangote Foods Ltd',
        reference: 'PO-7781',
        customerName: 'Okafor Imports Ltd',
        pickup: {
          terminal: { id: refs.terminalId, operator: 'APM Terminals', city: 'Apapa' },
          address: null,
        },
        recipient: { terminal: null, address: { ...LAGOS_ADDRESS } },
        pickupDate: body.bidDetails.pickupDate,
        biddingClosesAt: new Date(body.bidDetails.biddingClosesAt).toISOString(),
        targetAmountKobo: 45_000_000,
        preferredPartnersOnly: false,
        itemCount: 2,
        bidCount: 0,
        quoteDocument: null,
        cancellationReason: null,
        awardedAt: null,
        bids: [],
        trips: [],
      });
      expect(res.body.items).toEqual(
        containers.map((c, i) => ({
          id: expect.any(String),
          position: i + 1,
          containerNumber: c.containerNumber,
          containerSize: c.containerSize,
          liner: { id: refs.linerId, code: 'MSC', name: 'Mediterranean Shipping Company (MSC)' },
          deliveryOrderValidityDate: c.deliveryOrderValidityDate,
          description: null,
          quantity: null,
          weightTonnes: null,
          truckType: null,
          awardedBidId: null,
          tripId: null,
          tripNumber: null,
        })),
      );
      const [row] = await ordersOf(customer.company.id);
      expect(row).toMatchObject({ pickupState: 'Lagos', createdBy: customer.user.id, itemCount: 2 });
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, res.body.id), eq(auditLog.action, 'order.placed')));
      expect(audit).toHaveLength(1);
      // New orders are not announced to transporters yet: nothing is queued.
      const mails = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
      expect(mails.filter((j) => JSON.stringify(j.payload).includes(res.body.orderNumber))).toEqual([]);
    });

    it('accepts container numbers typed with spaces and lower case, and stores them normalized', async () => {
      const customer = await createVerifiedCustomer(t);
      const number = validContainerNumber(424242);
      const typed = `${number.slice(0, 4).toLowerCase()} ${number.slice(4, 10)}-${number.slice(10)}`;
      const [container] = containerRows(1, refs.linerId);
      const res = await place(
        customer.accessToken,
        orderBody({ containers: [{ ...container, containerNumber: typed }] }, refs),
      );
      expect(res.status).toBe(201);
      expect(res.body.items[0].containerNumber).toBe(number);
    });

    it('places general cargo from an address: one item per truck load, weight kept to the kilogram', async () => {
      const customer = await createVerifiedCustomer(t);
      const res = await place(
        customer.accessToken,
        orderBody(
          {
            cargoType: 'GENERAL_CARGO',
            containers: [],
            generalCargos: [
              generalCargoRow({ weightTonnes: 12.345 }),
              generalCargoRow({ truckType: 'TIPPER' }),
            ],
            pickup: {
              kind: 'ADDRESS',
              address: {
                street: '1 Trans-Amadi Road',
                lga: 'Obio/Akpor',
                city: 'Port Harcourt',
                state: 'Rivers',
              },
            },
            recipient: { kind: 'TERMINAL', terminalId: refs.terminalId },
          },
          refs,
        ),
      );
      expect(res.status).toBe(201);
      expect(
        res.body.items.map((i: Record<string, unknown>) => [i.position, i.weightTonnes, i.truckType]),
      ).toEqual([
        [1, 12.345, 'FLATBED'],
        [2, 30, 'TIPPER'],
      ]);
      expect(res.body.items[0]).toMatchObject({
        containerNumber: null,
        liner: null,
        description: 'Bagged cement, 600 bags',
      });
      expect(res.body.pickup.address).toMatchObject({ state: 'Rivers', neighborhood: '' });
      const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, res.body.id));
      expect(items.map((i) => i.weightKg).sort()).toEqual([12_345, 30_000]);
      const [row] = await ordersOf(customer.company.id);
      expect(row!.pickupState).toBe('Rivers');
    });

    it('gives each order its own number', async () => {
      const customer = await createVerifiedCustomer(t);
      const a = await placeOrderViaApi(t, customer.accessToken);
      const b = await placeOrderViaApi(t, customer.accessToken);
      expect(a.orderNumber).toMatch(ORDER_NUMBER);
      expect(Number(b.orderNumber.slice(-6))).toBeGreaterThan(Number(a.orderNumber.slice(-6)));
    });

    const wrongCheckDigit = () => {
      const good = validContainerNumber(123456);
      return `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    };
    const cases: [string, (r: ReferenceIds) => Record<string, unknown>, string][] = [
      [
        'a container number with a wrong check digit',
        (r) => ({ containers: [{ ...containerRows(1, r.linerId)[0], containerNumber: wrongCheckDigit() }] }),
        'containers.0.containerNumber',
      ],
      [
        'the same container twice',
        (r) => {
          const [c] = containerRows(1, r.linerId);
          return { containers: [c, { ...c }] };
        },
        'containers.1.containerNumber',
      ],
      ['container cargo without containers', () => ({ containers: [] }), 'containers'],
      ['general cargo without rows', () => ({ cargoType: 'GENERAL_CARGO', containers: [] }), 'generalCargos'],
      [
        'an unknown pickup terminal',
        () => ({ pickup: { kind: 'TERMINAL', terminalId: randomUUID() } }),
        'pickup.terminalId',
      ],
      [
        'an unknown delivery terminal',
        () => ({ recipient: { kind: 'TERMINAL', terminalId: randomUUID() } }),
        'recipient.terminalId',
      ],
      [
        'an unknown shipping line',
        () => ({ containers: containerRows(1, randomUUID()) }),
        'containers.0.linerId',
      ],
      [
        'an LGA that is not in the state',
        () => ({ recipient: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS, lga: 'Port Harcourt' } } }),
        'recipient.address.lga',
      ],
      [
        'a pickup address LGA of another state',
        () => ({ pickup: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS, state: 'Ogun' } } }),
        'pickup.address.lga',
      ],
      [
        'a pickup date in the past',
        () => ({
          bidDetails: {
            pickupDate: lagosDate(-1),
            biddingClosesAt: new Date(Date.now() + 3600_000).toISOString(),
          },
        }),
        'bidDetails.pickupDate',
      ],
      [
        'bidding that closes in the past',
        () => ({
          bidDetails: {
            pickupDate: lagosDate(3),
            biddingClosesAt: new Date(Date.now() - 60_000).toISOString(),
          },
        }),
        'bidDetails.biddingClosesAt',
      ],
      [
        'bidding that closes after the pickup date',
        () => ({
          bidDetails: {
            pickupDate: lagosDate(1),
            biddingClosesAt: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
          },
        }),
        'bidDetails.biddingClosesAt',
      ],
      [
        'a malformed pickup date',
        () => ({ bidDetails: { pickupDate: '01/02/2030', biddingClosesAt: new Date().toISOString() } }),
        'bidDetails.pickupDate',
      ],
      [
        'a zero target price',
        () => ({
          bidDetails: {
            pickupDate: lagosDate(3),
            biddingClosesAt: new Date(Date.now() + 3600_000).toISOString(),
            targetAmountKobo: 0,
          },
        }),
        'bidDetails.targetAmountKobo',
      ],
      ['a missing client name', () => ({ clientName: ' ' }), 'clientName'],
      ['an unknown field', () => ({ price: 5 }), 'price'],
      [
        'partners only without any preferred partner',
        () => ({ preferredPartnersOnly: true }),
        'preferredPartnersOnly',
      ],
      ['a quote document that does not exist', () => ({ quoteDocumentId: randomUUID() }), 'quoteDocumentId'],
    ];
    it.each(cases)('answers 400 for %s', async (_name, override, field) => {
      const customer = await createVerifiedCustomer(t);
      const res = await place(customer.accessToken, orderBody(override(refs), refs));
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
      expect(fields(res)).toContain(field);
      expect(await ordersOf(customer.company.id)).toEqual([]);
    });

    it('refuses an address whose LGA is not of its state, naming the field', async () => {
      const customer = await createVerifiedCustomer(t);
      const res = await place(
        customer.accessToken,
        orderBody(
          { recipient: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS, lga: 'Kano Municipal' } } },
          refs,
        ),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'recipient.address.lga', message: 'Choose an LGA of Lagos' },
      ]);
      expect(await ordersOf(customer.company.id)).toEqual([]);
    });

    it('reports every failed check at once', async () => {
      const customer = await createVerifiedCustomer(t);
      const res = await place(
        customer.accessToken,
        orderBody(
          {
            pickup: { kind: 'TERMINAL', terminalId: randomUUID() },
            bidDetails: {
              pickupDate: lagosDate(-2),
              biddingClosesAt: new Date(Date.now() - 1000).toISOString(),
            },
          },
          refs,
        ),
      );
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual([
        'pickup.terminalId',
        'bidDetails.pickupDate',
        'bidDetails.biddingClosesAt',
      ]);
    });

    it('allows bidding to close late on the pickup date itself', async () => {
      const customer = await createVerifiedCustomer(t);
      const pickupDate = lagosDate(2);
      const lastMinute = new Date(Date.parse(`${pickupDate}T23:59:00+01:00`)).toISOString();
      const ok = await place(
        customer.accessToken,
        orderBody({ bidDetails: { pickupDate, biddingClosesAt: lastMinute } }, refs),
      );
      expect(ok.status).toBe(201);
      const midnight = new Date(Date.parse(`${pickupDate}T23:59:00+01:00`) + 120_000).toISOString();
      const late = await place(
        customer.accessToken,
        orderBody({ bidDetails: { pickupDate, biddingClosesAt: midnight } }, refs),
      );
      expect(late.status).toBe(400);
      expect(fields(late)).toEqual(['bidDetails.biddingClosesAt']);
    });

    it('limits an order to preferred partners once the customer has one', async () => {
      const customer = await createVerifiedCustomer(t);
      const transporter = await createVerifiedTransporter(t);
      await t.ctx.db
        .insert(preferredPartners)
        .values({ customerCompanyId: customer.company.id, transporterCompanyId: transporter.company.id });
      const res = await place(customer.accessToken, orderBody({ preferredPartnersOnly: true }, refs));
      expect(res.status).toBe(201);
      expect(res.body.preferredPartnersOnly).toBe(true);
    });

    it('answers 403 COMPANY_NOT_VERIFIED for an unverified customer, and writes nothing', async () => {
      for (const verificationStatus of ['UNVERIFIED', 'PENDING_REVIEW', 'REJECTED'] as const) {
        const customer = await signedInAccount(t, 'CUSTOMER', { verificationStatus });
        const res = await place(customer.accessToken, orderBody({}, refs));
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('COMPANY_NOT_VERIFIED');
        expect(res.body.message).toBe('You cannot place an order yet');
        expect(await ordersOf(customer.company.id)).toEqual([]);
      }
    });

    it('is for customers only (403) and needs a signed-in caller (401)', async () => {
      const transporter = await createVerifiedTransporter(t);
      const admin = await signedInAccount(t, 'ADMIN');
      for (const token of [transporter.accessToken, admin.accessToken]) {
        expect((await place(token, orderBody({}, refs))).status).toBe(403);
        expect((await list(token)).status).toBe(403);
      }
      expect((await call(t.app, 'POST', '/api/v1/orders', orderBody({}, refs))).status).toBe(401);
    });
  });

  describe('quote documents', () => {
    it('uploads a PDF, attaches it to an order and downloads it as an attachment', async () => {
      const customer = await createVerifiedCustomer(t);
      const pdf = samplePdf('Rates for Apapa to Ikeja');
      const uploaded = await uploadQuoteDocument(t, customer.accessToken, pdf, 'Quote Apapa→Ikeja.pdf');
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toEqual({
        id: expect.any(String),
        fileName: 'Quote Apapa→Ikeja.pdf',
        sizeBytes: pdf.length,
      });

      const order = await placeOrderViaApi(t, customer.accessToken, { quoteDocumentId: uploaded.body.id });
      expect(order.quoteDocument).toEqual(uploaded.body);

      const res = await download(customer.accessToken, order.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="Quote Apapa_Ikeja.pdf"; filename\*=UTF-8''/,
      );
      expect(res.rawPayload.equals(pdf)).toBe(true);
    });

    it('lets an unverified customer upload (the wizard uploads first) but not place the order', async () => {
      const customer = await signedInAccount(t, 'CUSTOMER');
      const uploaded = await uploadQuoteDocument(t, customer.accessToken);
      expect(uploaded.status).toBe(201);
      const res = await place(customer.accessToken, orderBody({ quoteDocumentId: uploaded.body.id }, refs));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('COMPANY_NOT_VERIFIED');
    });

    it('refuses anything but a PDF, an empty upload and a non-multipart body (400 on file)', async () => {
      const customer = await createVerifiedCustomer(t);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
      for (const content of [png, Buffer.from('%PDF-looks-like-but-is-text'.slice(1)), Buffer.alloc(0)]) {
        const res = await uploadQuoteDocument(t, customer.accessToken, content, 'quote.pdf');
        expect(res.status).toBe(400);
        expect(fields(res)).toEqual(['file']);
      }
      const json = await call(
        t.app,
        'POST',
        '/api/v1/orders/quote-documents',
        { file: 'x' },
        { token: customer.accessToken },
      );
      expect(json.status).toBe(400);
      expect(fields(json)).toEqual(['file']);
    });

    it('refuses a file above 10 MB', async () => {
      const customer = await createVerifiedCustomer(t);
      const big = Buffer.concat([samplePdf(), Buffer.alloc(10 * 1024 * 1024)]);
      const res = await uploadQuoteDocument(t, customer.accessToken, big);
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual(['file']);
    });

    it("refuses another company's document and a document already on an order", async () => {
      const a = await createVerifiedCustomer(t);
      const b = await createVerifiedCustomer(t);
      const doc = await uploadQuoteDocument(t, a.accessToken);
      const theirs = await place(b.accessToken, orderBody({ quoteDocumentId: doc.body.id }, refs));
      expect(theirs.status).toBe(400);
      expect(fields(theirs)).toEqual(['quoteDocumentId']);
      await placeOrderViaApi(t, a.accessToken, { quoteDocumentId: doc.body.id });
      const reused = await place(a.accessToken, orderBody({ quoteDocumentId: doc.body.id }, refs));
      expect(reused.status).toBe(400);
      expect(reused.body.errors).toEqual([
        {
          field: 'quoteDocumentId',
          message: 'This quote document is attached to another order; upload it again',
        },
      ]);
    });

    it('lets transporters who may see the order download it; everyone else gets 404', async () => {
      const customer = await createVerifiedCustomer(t);
      const stranger = await createVerifiedCustomer(t);
      const partner = await createVerifiedTransporter(t);
      const outsider = await createVerifiedTransporter(t);
      const doc = await uploadQuoteDocument(t, customer.accessToken);
      const open = await placeOrderViaApi(t, customer.accessToken, { quoteDocumentId: doc.body.id });
      expect((await download(outsider.accessToken, open.id)).statusCode).toBe(200);
      expect((await download(stranger.accessToken, open.id)).statusCode).toBe(404);

      await t.ctx.db
        .insert(preferredPartners)
        .values({ customerCompanyId: customer.company.id, transporterCompanyId: partner.company.id });
      const doc2 = await uploadQuoteDocument(t, customer.accessToken);
      const partnersOnly = await placeOrderViaApi(t, customer.accessToken, {
        quoteDocumentId: doc2.body.id,
        preferredPartnersOnly: true,
      });
      expect((await download(partner.accessToken, partnersOnly.id)).statusCode).toBe(200);
      const hidden = await download(outsider.accessToken, partnersOnly.id);
      expect(hidden.statusCode).toBe(404);
      expect(JSON.parse(hidden.body).message).toBe('Order not found');

      // Once the order is closed, only transporters that bid on it still see it.
      await insertBid(t, open.id, partner.company.id, 40_000_000);
      expect((await cancel(customer.accessToken, open.id)).status).toBe(200);
      expect((await download(partner.accessToken, open.id)).statusCode).toBe(200);
      expect((await download(outsider.accessToken, open.id)).statusCode).toBe(404);
    });

    it('answers 404 for an order without a quote document and for an unknown order', async () => {
      const customer = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      const none = await download(customer.accessToken, order.id);
      expect(none.statusCode).toBe(404);
      expect(JSON.parse(none.body).message).toBe('Quote document not found');
      expect((await download(customer.accessToken, randomUUID())).statusCode).toBe(404);
      expect((await download(customer.accessToken, 'nope')).statusCode).toBe(400);
    });

    it('is uploaded by customers only and downloaded by signed-in callers only', async () => {
      const transporter = await createVerifiedTransporter(t);
      const admin = await signedInAccount(t, 'ADMIN');
      for (const token of [transporter.accessToken, admin.accessToken]) {
        expect((await uploadQuoteDocument(t, token)).status).toBe(403);
      }
      const customer = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      expect((await download(admin.accessToken, order.id)).statusCode).toBe(403);
      const { payload, headers } = multipartBody(
        {},
        { fileName: 'q.pdf', content: samplePdf(), contentType: 'application/pdf' },
      );
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/quote-documents',
        payload,
        headers,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/quote-document` })).statusCode,
      ).toBe(401);
    });
  });

  describe('GET /api/v1/orders', () => {
    it("lists the company's own orders newest first, filtered by status and searched", async () => {
      const customer = await createVerifiedCustomer(t);
      const other = await createVerifiedCustomer(t);
      const first = await placeOrderViaApi(t, customer.accessToken, {
        clientName: 'Flour Mills of Nigeria',
        reference: 'FM_100%',
      });
      const second = await placeOrderViaApi(t, customer.accessToken, {
        clientName: 'Nestle Nigeria',
        reference: 'NN-2',
      });
      const third = await placeOrderViaApi(t, customer.accessToken, {
        clientName: 'Cadbury',
        reference: 'CB-3',
      });
      await placeOrderViaApi(t, other.accessToken, { clientName: 'Nestle Nigeria' });
      await cancel(customer.accessToken, second.id);

      const all = await list(customer.accessToken);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20 });
      expect(all.body.content.map((o: { id: string }) => o.id)).toEqual([third.id, second.id, first.id]);
      expect(all.body.content[0]).toMatchObject({
        clientName: 'Cadbury',
        itemCount: 1,
        bidCount: 0,
        biddingOpen: true,
      });
      expect(all.body.content[0].items).toBeUndefined();
      // Both companies' lists run the same prepared statements; each answers with its own orders only.
      const others = await list(other.accessToken, '?q=nestle');
      expect(others.body.content.map((o: { clientName: string }) => o.clientName)).toEqual([
        'Nestle Nigeria',
      ]);
      expect(others.body.totalElements).toBe(1);

      const ids = async (query: string) =>
        (await list(customer.accessToken, query)).body.content.map((o: { id: string }) => o.id);
      expect(await ids('?status=CANCELLED')).toEqual([second.id]);
      expect(await ids('?status=OPEN')).toEqual([third.id, first.id]);
      expect(await ids('?q=nestle')).toEqual([second.id]);
      expect(await ids(`?q=${first.orderNumber.toLowerCase()}`)).toEqual([first.id]);
      expect(await ids('?q=cb-3')).toEqual([third.id]);
      const container = first.items[0]!.containerNumber!;
      expect(
        await ids(`?q=${encodeURIComponent(container.slice(0, 4).toLowerCase() + ' ' + container.slice(4))}`),
      ).toEqual([first.id]);
      expect(await ids('?q=100%25')).toEqual([first.id]);
      expect(await ids('?q=FM_')).toEqual([first.id]);
      expect(await ids('?q=%25%25')).toEqual([]);
      expect(await ids('?q=_M')).toEqual([]);
      expect(await ids('?q=nestle&status=OPEN')).toEqual([]);

      const page = await list(customer.accessToken, '?page=1&size=2');
      expect(page.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
      expect(page.body.content.map((o: { id: string }) => o.id)).toEqual([first.id]);
    });

    it('counts bids without the withdrawn ones', async () => {
      const customer = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      const [a, b] = [await createVerifiedTransporter(t), await createVerifiedTransporter(t)];
      await insertBid(t, order.id, a.company.id, 30_000_000);
      await insertBid(t, order.id, b.company.id, 31_000_000, { status: 'WITHDRAWN' });
      const res = await list(customer.accessToken);
      expect(res.body.content[0].bidCount).toBe(1);
    });

    it.each([
      ['?status=DONE', 'query.status'],
      ['?size=0', 'query.size'],
      ['?page=-1', 'query.page'],
      [`?q=${'x'.repeat(101)}`, 'query.q'],
    ])('answers 400 for %s', async (query, field) => {
      const customer = await createVerifiedCustomer(t);
      const res = await list(customer.accessToken, query);
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual([field]);
    });
  });

  describe('GET /api/v1/orders/{id}', () => {
    it('shows the bids cheapest first without the withdrawn ones, flagging preferred partners', async () => {
      const customer = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      const partner = await createVerifiedTransporter(t, { name: 'Partner Haulage' });
      const cheap = await createVerifiedTransporter(t, { name: 'Cheap Haulage' });
      const gone = await createVerifiedTransporter(t, { name: 'Gone Haulage' });
      await t.ctx.db
        .insert(preferredPartners)
        .values({ customerCompanyId: customer.company.id, transporterCompanyId: partner.company.id });
      const p = await insertBid(t, order.id, partner.company.id, 42_000_000, {
        trucksAvailable: 3,
        note: 'Can load Monday',
      });
      const c = await insertBid(t, order.id, cheap.company.id, 39_500_000);
      await insertBid(t, order.id, gone.company.id, 10_000_000, { status: 'WITHDRAWN' });

      const res = await detail(customer.accessToken, order.id);
      expect(res.status).toBe(200);
      expect(res.body.bidCount).toBe(2);
      expect(res.body.bids).toEqual([
        {
          id: c.id,
          transporterCompanyId: cheap.company.id,
          transporterName: 'Cheap Haulage',
          // No card counted yet: new on Freightlane, no trips.
          transporterScore: {
            score: null,
            trips: 0,
            rating: { average: null, count: 0 },
            headlinePercent: null,
          },
          preferredPartner: false,
          amountKobo: 39_500_000,
          trucksAvailable: 2,
          note: '',
          status: 'ACTIVE',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        expect.objectContaining({
          id: p.id,
          transporterName: 'Partner Haulage',
          preferredPartner: true,
          trucksAvailable: 3,
          note: 'Can load Monday',
        }),
      ]);
    });

    it("answers 404 for another company's order and an unknown one, 400 for a malformed id", async () => {
      const owner = await createVerifiedCustomer(t);
      const other = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, owner.accessToken);
      const res = await detail(other.accessToken, order.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Order not found');
      expect((await detail(owner.accessToken, randomUUID())).status).toBe(404);
      const bad = await detail(owner.accessToken, '123');
      expect(bad.status).toBe(400);
      expect(fields(bad)).toEqual(['params.id']);
    });

    it('is for customers only', async () => {
      const owner = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, owner.accessToken);
      const transporter = await createVerifiedTransporter(t);
      expect((await detail(transporter.accessToken, order.id)).status).toBe(403);
      expect((await call(t.app, 'GET', `/api/v1/orders/${order.id}`)).status).toBe(401);
    });
  });

  describe('POST /api/v1/orders/{id}/cancel', () => {
    it('cancels an open order, closes its active bids and tells the bidders', async () => {
      const customer = await createVerifiedCustomer(t, { name: 'Cancel Foods Ltd' });
      const order = await placeOrderViaApi(t, customer.accessToken);
      const active = await createVerifiedTransporter(t);
      const withdrawn = await createVerifiedTransporter(t);
      const activeBid = await insertBid(t, order.id, active.company.id, 30_000_000);
      const withdrawnBid = await insertBid(t, order.id, withdrawn.company.id, 29_000_000, {
        status: 'WITHDRAWN',
      });

      const res = await cancel(customer.accessToken, order.id, { reason: '  Vessel delayed by two weeks ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'CANCELLED',
        biddingOpen: false,
        cancellationReason: 'Vessel delayed by two weeks',
      });
      expect(res.body.bids.map((b: { status: string }) => b.status)).toEqual(['LOST']);
      const [activeRow] = await t.ctx.db.select().from(bids).where(eq(bids.id, activeBid.id));
      expect(activeRow).toMatchObject({ status: 'LOST', decidedAt: expect.any(Date) });
      const [withdrawnRow] = await t.ctx.db.select().from(bids).where(eq(bids.id, withdrawnBid.id));
      expect(withdrawnRow).toMatchObject({ status: 'WITHDRAWN', decidedAt: null });
      const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.cancelledAt).toBeInstanceOf(Date);

      const mail = (await t.mailsTo(active.email)).find((m) => m.subject.includes(': cancelled by '));
      expect(mail!.subject).toBe(`${order.orderNumber}: cancelled by Cancel Foods Ltd`);
      expect(mail!.text).toContain('Cancel Foods Ltd has cancelled order');
      expect(mail!.text).toContain('Vessel delayed by two weeks');
      expect((await t.mailsTo(withdrawn.email)).some((m) => m.subject.includes(': cancelled by '))).toBe(
        false,
      );
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.cancelled')));
      expect(audit).toHaveLength(1);
    });

    it('answers 409 once the order is cancelled or awarded', async () => {
      const customer = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      expect((await cancel(customer.accessToken, order.id)).status).toBe(200);
      const again = await cancel(customer.accessToken, order.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This order has already been cancelled');

      const awarded = await placeOrderViaApi(t, customer.accessToken);
      await t.ctx.db.update(orders).set({ status: 'AWARDED' }).where(eq(orders.id, awarded.id));
      const res = await cancel(customer.accessToken, awarded.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This order has already been awarded and can no longer be cancelled');
    });

    it("answers 404 for another company's order and 400 without a reason", async () => {
      const owner = await createVerifiedCustomer(t);
      const other = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, owner.accessToken);
      expect((await cancel(other.accessToken, order.id)).status).toBe(404);
      const noReason = await cancel(owner.accessToken, order.id, { reason: ' ' });
      expect(noReason.status).toBe(400);
      expect(fields(noReason)).toEqual(['reason']);
      const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('OPEN');
    });

    it('is for customers only', async () => {
      const owner = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, owner.accessToken);
      const transporter = await createVerifiedTransporter(t);
      expect((await cancel(transporter.accessToken, order.id)).status).toBe(403);
    });

    it('may be done by a customer whose company is no longer verified', async () => {
      const customer = await createVerifiedCustomer(t);
      const order = await placeOrderViaApi(t, customer.accessToken);
      await t.ctx.db
        .update(companies)
        .set({ verificationStatus: 'PENDING_REVIEW' })
        .where(eq(companies.id, customer.company.id));
      await principalChangeHeard(t, `c:${customer.company.id}`);
      expect((await cancel(customer.accessToken, order.id)).status).toBe(200);
    });
  });
});
