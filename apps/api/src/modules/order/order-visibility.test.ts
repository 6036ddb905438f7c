import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { orders, preferredPartners } from '../../db/schema';
import {
  createVerifiedCustomer,
  createVerifiedTransporter,
  insertBid,
  placeOrderViaApi,
} from '../../test/marketplace';
import { createTestApp, type TestApp } from '../../test/test-app';
import { canTransporterSeeOrder, transporterCanSeeOrderSql } from '../../queries/order-visibility.repository';

describe('which orders a transporter may see', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('agrees between the function and the SQL condition in every case', async () => {
    const customer = await createVerifiedCustomer(t);
    const partner = await createVerifiedTransporter(t);
    const bidder = await createVerifiedTransporter(t);
    const outsider = await createVerifiedTransporter(t);
    await t.ctx.db
      .insert(preferredPartners)
      .values({ customerCompanyId: customer.company.id, transporterCompanyId: partner.company.id });

    const open = await placeOrderViaApi(t, customer.accessToken);
    const partnersOnly = await placeOrderViaApi(t, customer.accessToken, { preferredPartnersOnly: true });
    const partnersOnlyWithBid = await placeOrderViaApi(t, customer.accessToken, {
      preferredPartnersOnly: true,
    });
    const cancelled = await placeOrderViaApi(t, customer.accessToken);
    const awarded = await placeOrderViaApi(t, customer.accessToken);
    const awardedWithdrawn = await placeOrderViaApi(t, customer.accessToken);
    // A bid placed before the customer narrowed the order, or before a partner was removed, keeps it visible.
    await insertBid(t, partnersOnlyWithBid.id, bidder.company.id, 40_000_000);
    await insertBid(t, awarded.id, bidder.company.id, 40_000_000, { status: 'LOST' });
    await insertBid(t, awardedWithdrawn.id, bidder.company.id, 40_000_000, { status: 'WITHDRAWN' });
    await t.ctx.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, cancelled.id));
    await t.ctx.db
      .update(orders)
      .set({ status: 'AWARDED' })
      .where(inArray(orders.id, [awarded.id, awardedWithdrawn.id]));

    const all = [open, partnersOnly, partnersOnlyWithBid, cancelled, awarded, awardedWithdrawn].map(
      (o) => o.id,
    );
    const expected: Record<string, string[]> = {
      [partner.company.id]: [open.id, partnersOnly.id, partnersOnlyWithBid.id],
      [bidder.company.id]: [open.id, partnersOnlyWithBid.id, awarded.id, awardedWithdrawn.id],
      [outsider.company.id]: [open.id],
    };
    const rows = await t.ctx.db.select().from(orders).where(inArray(orders.id, all));
    for (const [transporterId, visible] of Object.entries(expected)) {
      const byFunction = [];
      for (const row of rows) {
        if (await canTransporterSeeOrder(t.ctx.db, transporterId, row)) byFunction.push(row.id);
      }
      const bySql = await t.ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, all), transporterCanSeeOrderSql(transporterId)));
      expect(byFunction.sort()).toEqual([...visible].sort());
      expect(bySql.map((r) => r.id).sort()).toEqual([...visible].sort());
    }
  });
});
