import { and, eq, inArray, isNotNull, isNull, like, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { drivers, users } from '../schema';

/**
 * The demo people who have not proved their phone number yet, so the verification flow has someone to show
 * it with: the customer who has not even activated the account, the customer who joined last, and Terver
 * Iorliam, Eko Haulage's driver whose number the transporter has still to confirm (the driver page's Verify).
 */
export const DEMO_UNVERIFIED_PHONES = {
  emails: ['new.customer@example.com', 'unverified.customer@example.com'],
  driver: { company: 'transporter@example.com', firstName: 'Terver', lastName: 'Iorliam' },
} as const;

/**
 * Everyone else in the demo proved their number when they joined or were hired: SMS and WhatsApp go only
 * to verified numbers, so the demo's messages reach them. Applied after every part of the seed, so people a
 * later part adds are verified too; a number already verified keeps its time.
 */
export async function markDemoPhonesVerified(tx: Tx): Promise<void> {
  const demoUser = like(users.email, '%@example.com');
  await tx
    .update(users)
    .set({ phoneVerifiedAt: sql`${users.createdAt}` })
    .where(
      and(
        demoUser,
        isNull(users.phoneVerifiedAt),
        isNotNull(users.activatedAt),
        notInArray(users.email, [...DEMO_UNVERIFIED_PHONES.emails]),
      ),
    );
  const { driver } = DEMO_UNVERIFIED_PHONES;
  const demoCompanies = tx.select({ id: users.companyId }).from(users).where(demoUser);
  const keptCompany = tx.select({ id: users.companyId }).from(users).where(eq(users.email, driver.company));
  await tx
    .update(drivers)
    .set({ phoneVerifiedAt: sql`${drivers.createdAt}` })
    .where(
      and(
        isNull(drivers.phoneVerifiedAt),
        inArray(drivers.companyId, demoCompanies),
        or(
          sql`${drivers.firstName} <> ${driver.firstName}`,
          sql`${drivers.lastName} <> ${driver.lastName}`,
          notInArray(drivers.companyId, keptCompany),
        ),
      ),
    );
}
