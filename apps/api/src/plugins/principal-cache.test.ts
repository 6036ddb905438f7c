import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companies, users } from '../db/schema';
import type { ChannelListener, Database } from '../db/client';
import { signedInAccount } from '../test/accounts';
import { PRINCIPAL_CHANGED_CHANNEL } from '../queries/change-notice.repository';
import { PrincipalCache } from './principal-cache';
import { call, createTestApp, twoInstances, type TestApp } from '../test/test-app';

/** Asks until `check` holds, for at most `ms`: another instance hears of a change a moment after commit. */
async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Counts the queries that read the sessions table, the session check's query. */
function sessionReads(queries: string[]): number {
  return queries.filter((q) => /^select\b/i.test(q) && /from "sessions"/i.test(q)).length;
}

const ADA = {
  userId: 'u1',
  companyId: 'c1',
  companyType: 'CUSTOMER',
  verificationStatus: 'VERIFIED',
  userType: 'CUSTOMER',
  firstName: 'Ada',
} as const;

/**
 * A started cache on a LISTEN channel the test drops and restores by hand, with a lookup of one
 * session that counts its reads of the database.
 */
async function cacheOnHandDrivenChannel() {
  let heard: ChannelListener | undefined;
  const database = {
    listen: async (_channel: string, listener: ChannelListener) => {
      heard = listener;
      return async () => undefined;
    },
  } as unknown as Database;
  const cache = new PrincipalCache(database);
  await cache.start();
  let loads = 0;
  return {
    cache,
    channel: () => heard!,
    lookup: () => cache.lookup('s1', 'u1', async () => (loads++, ADA)),
    loads: () => loads,
  };
}

describe('the session check remembered per instance', () => {
  const queries: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (q) => queries.push(q) });
  });
  afterAll(() => t?.close());

  const me = (token: string) => call(t.app, 'GET', '/api/v1/user/me', undefined, { token });

  it('reads the session once, then answers from memory', async () => {
    const account = await signedInAccount(t);
    queries.length = 0;
    expect((await me(account.accessToken)).status).toBe(200);
    expect(sessionReads(queries)).toBe(1);
    expect((await me(account.accessToken)).status).toBe(200);
    expect((await me(account.accessToken)).status).toBe(200);
    expect(sessionReads(queries)).toBe(1);
  });

  it('refuses the access token as soon as its session is signed out', async () => {
    const account = await signedInAccount(t);
    expect((await me(account.accessToken)).status).toBe(200);
    const out = await call(
      t.app,
      'POST',
      '/api/v1/auth/logout',
      { refreshToken: account.refreshToken },
      { token: account.accessToken },
    );
    expect(out.status).toBeLessThan(300);
    expect(await eventually(async () => (await me(account.accessToken)).status === 401)).toBe(true);
  });

  it('forgets a user who is deactivated and a company whose verification changes', async () => {
    const account = await signedInAccount(t, 'CUSTOMER', { verificationStatus: 'UNVERIFIED' });
    const other = await signedInAccount(t);
    expect((await me(account.accessToken)).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(200);

    await t.ctx.db
      .update(companies)
      .set({ verificationStatus: 'VERIFIED' })
      .where(eq(companies.id, account.company.id));
    // The principal carries the verification, so the next request reads the session again.
    expect(
      await eventually(async () => {
        queries.length = 0;
        expect((await me(account.accessToken)).status).toBe(200);
        return sessionReads(queries) === 1;
      }),
    ).toBe(true);

    await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, account.user.id));
    expect(await eventually(async () => (await me(account.accessToken)).status === 401)).toBe(true);
    // Another user's remembered session is untouched by the change.
    queries.length = 0;
    expect((await me(other.accessToken)).status).toBe(200);
    expect(sessionReads(queries)).toBe(0);
  });

  it('answers the profile from memory, and reads it again once a change to it is announced', async () => {
    const account = await signedInAccount(t);
    const profileReads = () => queries.filter((q) => /from "users" inner join "companies"/i.test(q)).length;
    expect((await me(account.accessToken)).status).toBe(200);
    queries.length = 0;
    expect((await me(account.accessToken)).body.data.lastName).toBe(account.user.lastName);
    expect(profileReads()).toBe(0);

    // The database's own announcement is awaited (its trigger must name the column), not a marker.
    const userChange = t.ctx.principals.heard(`u:${account.user.id}`);
    await t.ctx.db.update(users).set({ lastName: 'Okafor-Eze' }).where(eq(users.id, account.user.id));
    await userChange;
    expect((await me(account.accessToken)).body.data.lastName).toBe('Okafor-Eze');

    const companyChange = t.ctx.principals.heard(`c:${account.company.id}`);
    await t.ctx.db
      .update(companies)
      .set({ name: 'Renamed Imports Ltd', contactPhone: '+2348011112222' })
      .where(eq(companies.id, account.company.id));
    await companyChange;
    const company = (await me(account.accessToken)).body.data.company;
    expect(company).toMatchObject({ name: 'Renamed Imports Ltd', contactPhone: '+2348011112222' });
  });

  it('forgets everything when its LISTEN connection was lost and restored', async () => {
    const { cache, channel, lookup, loads } = await cacheOnHandDrivenChannel();
    await lookup();
    await lookup();
    expect(loads()).toBe(1);
    // Changes announced while the connection was down were never heard: nothing remembered may stay.
    channel().onResync();
    await lookup();
    expect(loads()).toBe(2);
    await cache.stop();
  });

  it('answers nothing from memory from the moment its LISTEN connection drops until it is back', async () => {
    const { cache, channel, lookup, loads } = await cacheOnHandDrivenChannel();
    await lookup();
    // The database may be back before the channel: a sign-out then would go unheard, so every lookup
    // reads the session again until the channel is restored.
    channel().onLost!();
    await lookup();
    await lookup();
    expect(loads()).toBe(3);
    expect(cache.size).toBe(0);
    channel().onResync();
    await lookup();
    await lookup();
    expect(loads()).toBe(4);
    await cache.stop();
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the session check while its channel is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses a session signed out before the LISTEN connection is restored', async () => {
    const account = await signedInAccount(t);
    const me = () => call(t.app, 'GET', '/api/v1/user/me', undefined, { token: account.accessToken });
    expect((await me()).status).toBe(200);
    expect(t.ctx.principals.size).toBeGreaterThan(0);
    // As when PostgreSQL restarts: the channel's connection is cut, and the pool is back before it.
    await t.ctx.db.execute(sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE ${`LISTEN "${PRINCIPAL_CHANGED_CHANNEL}"`}`);
    // The drop is seen at once; the connection comes back only after a second (db/client.ts).
    await new Promise((resolve) => setTimeout(resolve, 100));
    await call(
      t.app,
      'POST',
      '/api/v1/auth/logout',
      { refreshToken: account.refreshToken },
      { token: account.accessToken },
    );
    expect((await me()).status).toBe(401);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the session check on two API instances', () => {
  const instances = twoInstances();

  it('ends a session on the other instance as soon as it is signed out on one', async () => {
    const account = await signedInAccount(instances.a);
    const meOn = (t: TestApp) =>
      call(t.app, 'GET', '/api/v1/user/me', undefined, { token: account.accessToken });
    expect((await meOn(instances.b)).status).toBe(200);
    expect(instances.b.ctx.principals.size).toBeGreaterThan(0);
    await call(
      instances.a.app,
      'POST',
      '/api/v1/auth/logout',
      { refreshToken: account.refreshToken },
      { token: account.accessToken },
    );
    expect(await eventually(async () => (await meOn(instances.b)).status === 401, 1000)).toBe(true);
  });
});
