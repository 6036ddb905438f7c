import { eq, sql } from 'drizzle-orm';
import { SCORECARD_WINDOW_DAYS } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { refreshLaneRatesNow } from '../../modules/rate-guidance';
import { refreshQueuedScorecards } from '../../modules/scorecard';
import { queueActiveCompanies } from '../../modules/scorecard/scorecard.repository';
import { appMeta } from '../schema';
import { createAccount } from './factories';
import { seedDemoCompanyDocuments } from './demo-company-documents';
import { seedDemoMarketplace } from './demo-marketplace';
import { seedDemoCallUps, seedDemoRoadMoney } from './demo-road-money';
import { seedDemoOperations } from './demo-operations';
import { markDemoPhonesVerified } from './demo-phones';
import { seedDemoTracking } from './demo-tracking';
import { seedDemoUssdDriver } from './demo-ussd';
import { tellDemoHistory } from './demo-history';
import { seedDemoTrackRecord } from './demo-track-record';
import { DAY } from './demo-kit';
import { joinedAt, storyClock } from './demo-story';

export const DEMO_PASSWORD = 'demo-password-2026';
/** Raised when a later change adds to the demo world; each version's part is applied once. */
const DEMO_SEED_VERSION = 8;

/** Seeds the demo world once per version. Returns whether anything was written. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const seeded = await ctx.db.transaction(async (tx) => {
    // Instances that start together seed one after the other: FOR UPDATE alone locks nothing
    // while the version row does not exist yet, and the second would then fail on duplicate users.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    const [meta] = await tx.select().from(appMeta).where(eq(appMeta.key, 'demo_seed_version')).for('update');
    const current = meta ? Number(meta.value) : 0;
    if (current >= DEMO_SEED_VERSION) return false;
    const clock = storyClock();
    const { ago } = clock;

    if (current < 1) {
      await createAccount(
        tx,
        {
          email: 'customer@example.com',
          password: DEMO_PASSWORD,
          firstName: 'Adaeze',
          lastName: 'Okafor',
          phoneNumber: '+2348031234501',
          userType: 'CUSTOMER',
        },
        {
          name: 'Okafor Imports Ltd',
          verificationStatus: 'VERIFIED',
          cacRegistrationNumber: 'RC 1234567',
          tin: '12345678-0001',
          address: {
            street: '14 Creek Road',
            neighborhood: 'Apapa Quays',
            lga: 'Apapa',
            city: 'Lagos',
            state: 'Lagos',
          },
          contactName: 'Adaeze Okafor',
          contactPhone: '+2348031234501',
          contactEmail: 'customer@example.com',
        },
      );
      await createAccount(
        tx,
        {
          email: 'transporter@example.com',
          password: DEMO_PASSWORD,
          firstName: 'Musa',
          lastName: 'Bello',
          phoneNumber: '+2348031234502',
          userType: 'TRANSPORTER',
        },
        {
          name: 'Eko Haulage Ltd',
          verificationStatus: 'VERIFIED',
          cacRegistrationNumber: 'RC 7654321',
          tin: '87654321-0001',
          address: {
            street: '3 Oshodi-Apapa Expressway',
            neighborhood: 'Ijora',
            lga: 'Apapa',
            city: 'Lagos',
            state: 'Lagos',
          },
          contactName: 'Musa Bello',
          contactPhone: '+2348031234502',
          contactEmail: 'transporter@example.com',
        },
      );
      await createAccount(
        tx,
        {
          email: 'admin@example.com',
          password: DEMO_PASSWORD,
          firstName: 'Tolu',
          lastName: 'Adeyemi',
          phoneNumber: '+2348031234503',
          userType: 'ADMIN',
        },
        { name: 'Freightlane Operations', verificationStatus: 'VERIFIED' },
      );
      await createAccount(
        tx,
        {
          email: 'new.customer@example.com',
          password: DEMO_PASSWORD,
          firstName: 'Chinedu',
          lastName: 'Eze',
          phoneNumber: '+2348031234504',
          userType: 'CUSTOMER',
          activated: false,
        },
        { name: 'Bright Foods Nigeria Ltd' },
      );
      // Who has been on Freightlane how long: the trading companies for months, the new customer only since
      // yesterday, its account not yet activated.
      await joinedAt(tx, 'admin@example.com', ago(400 * DAY), { verifiedAt: ago(400 * DAY) });
      await joinedAt(tx, 'transporter@example.com', ago(150 * DAY), { verifiedAt: ago(147 * DAY) });
      await joinedAt(tx, 'customer@example.com', ago(120 * DAY), { verifiedAt: ago(118 * DAY) });
      await joinedAt(tx, 'new.customer@example.com', ago(DAY), { verifiedAt: null });
    }
    if (current < 2) await seedDemoMarketplace(ctx, tx, DEMO_PASSWORD, clock);
    if (current < 3) await seedDemoOperations(ctx, tx, DEMO_PASSWORD, clock);
    if (current < 4) await seedDemoCompanyDocuments(ctx, tx);
    if (current < 5) await seedDemoTracking(ctx, tx);
    if (current < 6) await seedDemoUssdDriver(ctx, tx);
    // The notifications of a world built now, told from its events once they are all written.
    if (current < 3) await tellDemoHistory(tx, clock);
    // Months before the story above, so after its telling: nobody is notified of that past.
    if (current < 7) await seedDemoTrackRecord(ctx, tx, DEMO_PASSWORD, clock);
    if (current < 8) {
      await seedDemoRoadMoney(tx, clock);
      await seedDemoCallUps(tx, clock);
    }
    // After every part, so the people any part adds have verified numbers too.
    await markDemoPhonesVerified(tx);
    // Every company with trips is noted for its card, counted below before the server opens: a fresh
    // install shows its cards at once rather than after the first run of the refresh job.
    await queueActiveCompanies(tx, new Date(Date.now() - SCORECARD_WINDOW_DAYS * DAY));

    await tx
      .insert(appMeta)
      .values({ key: 'demo_seed_version', value: String(DEMO_SEED_VERSION) })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: String(DEMO_SEED_VERSION), updatedAt: new Date() },
      });
    return true;
  });
  if (seeded) {
    await refreshQueuedScorecards(ctx, DEMO_SCORECARDS);
    // The price bands of the lanes the demo's past made, rather than after the hourly job's first run.
    await refreshLaneRatesNow(ctx);
  }
  return seeded;
}

/** More than the demo's companies, so one pass counts every card. */
const DEMO_SCORECARDS = 1000;
