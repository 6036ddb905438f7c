import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import { signedInAccount } from './accounts';
import { call, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** An admin, and one account of every other role, signed in on `t`. */
export async function referenceDataCallers(t: TestApp) {
  const admin = await signedInAccount(t, 'ADMIN');
  const others = {
    customer: await signedInAccount(t, 'CUSTOMER'),
    transporter: await signedInAccount(t, 'TRANSPORTER'),
    'fleet manager': await signedInAccount(t, 'FLEET_MANAGER'),
  };
  const as = (token: string | undefined) => (method: Method, url: string, body?: unknown) =>
    call(t.app, method, url, body, token ? { token } : {});
  return { admin, others, asAdmin: as(admin.accessToken), as };
}

/** Every non-admin role gets 403 and an anonymous caller 401, and nothing is written meanwhile. */
export async function expectAdminOnly(
  t: TestApp,
  callers: Awaited<ReturnType<typeof referenceDataCallers>>,
  requests: [Method, string, unknown?][],
) {
  for (const [method, url, body] of requests) {
    for (const [role, account] of Object.entries(callers.others)) {
      const res = await callers.as(account.accessToken)(method, url, body);
      expect(res.status, `${role}: ${method} ${url}`).toBe(403);
    }
    expect((await callers.as(undefined)(method, url, body)).status, `anonymous: ${method} ${url}`).toBe(401);
  }
}

/** The audit rows about one thing, newest first. */
export async function auditRowsOf(t: TestApp, entityType: string, entityId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

/** The fields named in a 400's `errors`. */
export const fieldsOf = (res: { body: Record<string, any> }): string[] =>
  (res.body.errors ?? []).map((e: { field: string }) => e.field);
