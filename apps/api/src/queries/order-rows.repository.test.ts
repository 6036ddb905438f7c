import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../db/schema';
import { containerRows, createVerifiedCustomer, placeOrderViaApi, referenceIds } from '../test/marketplace';
import { expectSearchTextsExact, keptOrderTexts } from '../test/search-texts';
import { createTestApp, type TestApp } from '../test/test-app';
import { orderSearchSql, pageOrderRowsFound } from './order-rows.repository';

describe('order search', () => {
  let t: TestApp;
  let linerId = '';
  beforeAll(async () => {
    t = await createTestApp();
    linerId = (await referenceIds(t)).linerId;
  });
  afterAll(() => t.close());

  /** order_search must always hold, for every order, what a search matches, read the slow way. */
  const expectDocumentsExact = () =>
    expectSearchTextsExact(
      t,
      sql`SELECT o.id, concat_ws(' ', o.order_number, o.client_name, o.reference,
            (SELECT string_agg(i.container_number, ' ' ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id)
          ) AS document FROM orders o`,
      keptOrderTexts,
    );

  async function found(customerId: string, q: string) {
    const page = await pageOrderRowsFound(
      t.ctx.db,
      and(eq(orders.customerCompanyId, customerId), orderSearchSql(q)),
      { page: 0, size: 20 },
    );
    return { ids: page.rows.map((r) => r.order.id), total: page.total };
  }

  it('keeps each order’s searched text through placing, edits of the order and of its items', async () => {
    const customer = await createVerifiedCustomer(t);
    const order = await placeOrderViaApi(t, customer.accessToken, {
      clientName: 'Honeywell Flour Mills',
      reference: 'HW/2231',
      containers: containerRows(2, linerId),
    });
    await expectDocumentsExact();
    const [first, second] = order.items;
    const me = customer.company.id;
    expect(await found(me, 'honeywell')).toEqual({ ids: [order.id], total: 1 });

    await t.ctx.db
      .update(orders)
      .set({ clientName: 'Kolo Foods', reference: 'KF-9' })
      .where(eq(orders.id, order.id));
    await t.ctx.db
      .update(orderItems)
      .set({ containerNumber: 'TGHU1234567' })
      .where(eq(orderItems.id, first!.id));
    await t.ctx.db.delete(orderItems).where(eq(orderItems.id, second!.id));
    await expectDocumentsExact();
    expect((await found(me, 'honeywell')).ids).toEqual([]);
    expect((await found(me, 'kolo')).ids).toEqual([order.id]);
    // A container number as people write it, with a space and a dash.
    expect((await found(me, 'tghu 123456-7')).ids).toEqual([order.id]);
    // Two letters find the start of a word only.
    expect((await found(me, 'ko')).ids).toEqual([order.id]);
    expect((await found(me, 'ol')).ids).toEqual([]);
  });
});
