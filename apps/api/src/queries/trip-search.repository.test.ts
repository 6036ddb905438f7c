import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, invoices, orders, trips } from '../db/schema';
import { awardedOrder } from '../test/awarded-trips';
import {
  containerRows,
  createVerifiedCustomer,
  createVerifiedTransporter,
  referenceIds,
} from '../test/marketplace';
import { expectSearchTextsExact, keptTripTexts } from '../test/search-texts';
import { createTestApp, type TestApp } from '../test/test-app';
import { countUpTo, pageIdsUpTo } from '../db/capped-page';
import { tripSearchSql } from './trip-search.repository';

describe('trip search', () => {
  let t: TestApp;
  let linerId = '';
  beforeAll(async () => {
    t = await createTestApp();
    linerId = (await referenceIds(t)).linerId;
  });
  afterAll(() => t.close());

  /** trip_search must always hold, for every trip, what a search matches, read the slow way. */
  const expectDocumentsExact = () =>
    expectSearchTextsExact(
      t,
      sql`SELECT t.id, concat_ws(' ', t.trip_number, c.container_number, o.order_number, o.client_name,
            o.reference, i.invoice_number) AS document
          FROM trips t JOIN orders o ON o.id = t.order_id LEFT JOIN consignments c ON c.trip_id = t.id
          LEFT JOIN invoices i ON i.trip_id = t.id`,
      keptTripTexts,
    );

  async function matching(customerId: string, q: string): Promise<string[]> {
    const rows = await t.ctx.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.customerCompanyId, customerId), tripSearchSql(q)))
      .orderBy(trips.tripNumber);
    return rows.map((r) => r.id);
  }

  it('keeps each trip’s searched text through award, invoicing, order and consignment edits, and deletion', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    const { order } = await awardedOrder(t, customer, transporter, {
      clientName: 'Golden Penny Foods',
      reference: 'PO-7781',
      containers: containerRows(3, linerId),
    });
    const ids: string[] = order.trips.map((trip: { id: string }) => trip.id);
    await expectDocumentsExact();
    expect(await matching(customer.company.id, 'penny')).toHaveLength(3);
    // The invoice raised at award is found by its number too.
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, ids[0]!));
    expect(await matching(customer.company.id, invoice!.invoiceNumber)).toEqual([ids[0]]);

    await t.ctx.db
      .update(orders)
      .set({ clientName: 'Flour Mills of Nigeria', reference: 'LC-2231' })
      .where(eq(orders.id, order.id));
    await t.ctx.db
      .update(consignments)
      .set({ containerNumber: 'MSKU7654321' })
      .where(eq(consignments.tripId, ids[0]!));
    await t.ctx.db.delete(consignments).where(eq(consignments.tripId, ids[1]!));
    await expectDocumentsExact();
    expect(await matching(customer.company.id, 'penny')).toEqual([]);
    expect(await matching(customer.company.id, 'lc-2231')).toHaveLength(3);
    expect(await matching(customer.company.id, 'msku765')).toEqual([ids[0]]);

    await t.ctx.db.delete(trips).where(inArray(trips.id, [ids[2]!]));
    await expectDocumentsExact();
  });

  it('matches three letters or digits anywhere, and one or two only at the start of a word', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    await awardedOrder(t, customer, transporter, {
      clientName: 'Sunflower Oil Depot',
      reference: 'GP/4410',
      containers: containerRows(1, linerId),
    });
    const me = customer.company.id;
    expect(await matching(me, 'flo')).toHaveLength(1);
    expect(await matching(me, 'SUNF')).toHaveLength(1);
    // "fl" is inside "Sunflower" but starts no word; "de" starts "Depot"; "44" follows a "/".
    expect(await matching(me, 'fl')).toEqual([]);
    expect(await matching(me, 'de')).toHaveLength(1);
    expect(await matching(me, '44')).toHaveLength(1);
    expect(await matching(me, 'O')).toHaveLength(1);
    expect(await matching(me, 'q')).toEqual([]);
    // A text with no letter or digit matches nothing rather than every trip.
    expect(await matching(me, '/')).toEqual([]);
    expect(await matching(me, '%')).toEqual([]);
    // Regular-expression characters are the characters themselves.
    expect(await matching(me, '.*')).toEqual([]);
  });

  it('counts matches up to a limit, then says "at least", and cuts a page from the same read', async () => {
    const customer = await createVerifiedCustomer(t);
    const transporter = await createVerifiedTransporter(t);
    await awardedOrder(t, customer, transporter, {
      clientName: 'Kolo Foods',
      containers: containerRows(5, linerId),
    });
    const where = and(eq(trips.customerCompanyId, customer.company.id), tripSearchSql('kolo'));
    expect(await countUpTo(t.ctx.db, trips, where, 5)).toBe(5);
    expect(await countUpTo(t.ctx.db, trips, where, 4)).toEqual({ atLeast: 4 });
    expect(await countUpTo(t.ctx.db, trips, where)).toBe(5);

    const order = [asc(trips.tripNumber)];
    const all = (
      await t.ctx.db
        .select({ id: trips.id })
        .from(trips)
        .where(where)
        .orderBy(...order)
    ).map((r) => r.id);
    // Within the counted rows: one read gives the page and the count.
    expect(await pageIdsUpTo(t.ctx.db, trips.id, where, order, { limit: 2, offset: 2 }, 4)).toEqual({
      ids: all.slice(2, 4),
      total: { atLeast: 4 },
    });
    expect(await pageIdsUpTo(t.ctx.db, trips.id, where, order, { limit: 2, offset: 0 }, 10)).toEqual({
      ids: all.slice(0, 2),
      total: 5,
    });
    // Past them: the page and the count are read apart.
    expect(await pageIdsUpTo(t.ctx.db, trips.id, where, order, { limit: 2, offset: 4 }, 3)).toEqual({
      ids: all.slice(4, 5),
      total: { atLeast: 3 },
    });
  });
});
