import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTAINER_SIZES } from '@freightlane/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { shippingLines, shippingLineTariffs, terminals, trackingCompanies } from '../schema';
import { seedReferenceData } from './reference';
import { SHIPPING_LINE_TARIFFS, SHIPPING_LINES, TERMINALS, TRACKING_COMPANIES } from './reference-data';

describe('seedReferenceData', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test app has run the seed once already, as every start does.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('inserts every terminal, line, tracking company and a tariff per line and size', async () => {
    const db = t.ctx.db;
    expect(await db.$count(terminals)).toBe(TERMINALS.length);
    expect(await db.$count(shippingLines)).toBe(SHIPPING_LINES.length);
    expect(await db.$count(trackingCompanies)).toBe(TRACKING_COMPANIES.length);
    expect(await db.$count(shippingLineTariffs)).toBe(SHIPPING_LINES.length * CONTAINER_SIZES.length);

    const [msc] = await db.select().from(shippingLines).where(eq(shippingLines.code, 'MSC'));
    const tariffs = await db
      .select()
      .from(shippingLineTariffs)
      .where(eq(shippingLineTariffs.shippingLineId, msc!.id));
    const seeded = SHIPPING_LINE_TARIFFS.MSC!;
    for (const tariff of tariffs) {
      expect(tariff).toMatchObject(seeded[tariff.containerSize]);
    }
  });

  it('leaves what admins changed alone at the next start, and adds only what is missing', async () => {
    const db = t.ctx.db;
    const [apapa] = await db
      .update(terminals)
      .set({ name: 'APM Terminals Apapa (Gate 2)', active: false, latitude: 6.45, longitude: 3.36 })
      .where(eq(terminals.code, 'APMT-APAPA'))
      .returning();
    const [maersk] = await db
      .update(shippingLines)
      .set({ name: 'Maersk Line', active: false })
      .where(eq(shippingLines.code, 'MAERSK'))
      .returning();
    await db
      .update(trackingCompanies)
      .set({ description: 'Our own words.', active: false })
      .where(eq(trackingCompanies.code, 'TRACCAR'));
    await db
      .update(shippingLineTariffs)
      .set({ freeDays: 14, demurrageKoboPerDay: 5_000_000 })
      .where(eq(shippingLineTariffs.shippingLineId, maersk!.id));
    // A line that lost a tariff (or was seeded before tariffs existed) gets it back.
    const [msc] = await db.select().from(shippingLines).where(eq(shippingLines.code, 'MSC'));
    await db.delete(shippingLineTariffs).where(eq(shippingLineTariffs.shippingLineId, msc!.id));
    const [tinCanBefore] = await db.delete(terminals).where(eq(terminals.code, 'TICT-TINCAN')).returning();

    await seedReferenceData(db);
    await seedReferenceData(db);

    const [apapaNow] = await db.select().from(terminals).where(eq(terminals.id, apapa!.id));
    expect(apapaNow).toMatchObject({ name: 'APM Terminals Apapa (Gate 2)', active: false, latitude: 6.45 });
    const [maerskNow] = await db.select().from(shippingLines).where(eq(shippingLines.id, maersk!.id));
    expect(maerskNow).toMatchObject({ name: 'Maersk Line', active: false });
    const [traccar] = await db.select().from(trackingCompanies).where(eq(trackingCompanies.code, 'TRACCAR'));
    expect(traccar).toMatchObject({ description: 'Our own words.', active: false, name: 'Traccar' });
    const maerskTariffs = await db
      .select()
      .from(shippingLineTariffs)
      .where(eq(shippingLineTariffs.shippingLineId, maersk!.id));
    expect(maerskTariffs).toHaveLength(CONTAINER_SIZES.length);
    for (const tariff of maerskTariffs)
      expect(tariff).toMatchObject({ freeDays: 14, demurrageKoboPerDay: 5_000_000 });
    expect(await db.$count(shippingLineTariffs, eq(shippingLineTariffs.shippingLineId, msc!.id))).toBe(
      CONTAINER_SIZES.length,
    );
    const [tinCan] = await db.select().from(terminals).where(eq(terminals.code, 'TICT-TINCAN'));
    expect(tinCan).toMatchObject({ name: tinCanBefore!.name });
    expect(await db.$count(terminals)).toBe(TERMINALS.length);
  });
});
