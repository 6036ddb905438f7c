import type { Executor } from '../db/client';
import { notify } from '../db/notify';

/** The channel migration 0014's triggers announce changes on: a company's id, or "*" for every company. */
export const COMPANY_CHANGED_CHANNEL = 'company_changed';

/**
 * The channel migration 0004's triggers announce a change to who a session acts for on ("s:<session>",
 * "u:<user>", "c:<company>"), heard by every instance's principal cache.
 */
export const PRINCIPAL_CHANGED_CHANNEL = 'principal_changed';

/**
 * Tells every instance that the people of this company act differently now (verified, suspended), when
 * the caller's transaction commits; each instance's principal cache drops what it remembered of them.
 */
export function announceCompanyPrincipalsChanged(db: Executor, companyId: string): Promise<void> {
  return notify(db, PRINCIPAL_CHANGED_CHANNEL, `c:${companyId}`);
}

/**
 * Sends a marker down the company-change channel. An instance that hears its own marker back has heard
 * every change committed before it was sent (plugins/company-answers.ts).
 */
export function sendCompanyChangeMarker(db: Executor, payload: string): Promise<void> {
  return notify(db, COMPANY_CHANGED_CHANNEL, payload);
}
