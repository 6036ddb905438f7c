import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { placeOrderViaApi } from './test/marketplace';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The pages people use all day read a fixed number of queries whatever the page size: a list of 20 must
 * not cost one query per row (N+1). Requests run one at a time with the job poller stopped and the
 * tracking read model off, so every query sent while one runs is that request's.
 */
let counting: string[] | null = null;

/** The most queries each page may send, its session check included. */
const BUDGET = {
  profile: 1,
  trips: 2,
  tripsSearch: 2,
  // The access check, then the trip, crew, logs, issues, alerts, documents and notes: one query each.
  tripPage: 8,
  orders: 2,
  // The page and its count, the company's own bids, its watches, and the payers' scores (one read for all).
  market: 5,
  tripIssues: 2,
  customerDashboard: 2,
  transporterDashboard: 1,
};

describe('queries per request', () => {
  let t: TestApp;
  const tokens: Record<'customer' | 'transporter', string> = { customer: '', transporter: '' };
  let tripId = '';

  beforeAll(async () => {
    t = await createTestApp({ TRACKING_CACHE_WARM: 'false' }, { onQuery: (query) => counting?.push(query) });
    await seedDemo(t.ctx);
    await t.ctx.jobs.stop();
    for (const role of ['customer', 'transporter'] as const) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login?clientId=WEB_CLIENT_APP',
        payload: { username: `${role}@example.com`, password: DEMO_PASSWORD },
      });
      tokens[role] = login.json().accessToken;
    }
    // More rows than any budget, so that one query per row could not pass unseen.
    for (let i = 0; i < 8; i++) await placeOrderViaApi(t, tokens.customer);
    const live = await t.app.inject({
      url: '/api/v1/trips?size=8&tripStatusList=LOADED,STARTED,AT_PICKUP_LOCATION,AT_DELIVERY_LOCATION',
      headers: { authorization: `Bearer ${tokens.transporter}` },
    });
    for (const trip of live.json().content as { id: string }[]) {
      const opened = await t.app.inject({
        method: 'POST',
        url: `/api/v1/trips/${trip.id}/issues`,
        headers: { authorization: `Bearer ${tokens.transporter}` },
        payload: { issueType: 'CHECKPOINT_DELAY', description: 'Held at a checkpoint for papers' },
      });
      expect(opened.statusCode, opened.body).toBe(201);
    }
    const loaded = await t.app.inject({
      url: '/api/v1/trips?tripStatusList=LOADED&size=1',
      headers: { authorization: `Bearer ${tokens.transporter}` },
    });
    tripId = loaded.json().content[0].id;
  }, 180_000);
  afterAll(() => t.close());

  async function queriesOf(url: string, role: keyof typeof tokens) {
    const queries: string[] = [];
    counting = queries;
    const res = await t.app
      .inject({ url, headers: { authorization: `Bearer ${tokens[role]}` } })
      .finally(() => (counting = null));
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    // A kept list first makes sure it has heard every committed change (CompanyAnswers, on PostgreSQL):
    // one marker, shared by the requests that arrive together, that reads no data.
    const isMarker = (q: string) => q.includes('pg_notify');
    return {
      queries: queries.filter((q) => !isMarker(q)),
      markers: queries.filter(isMarker),
      body: res.json(),
    };
  }

  const lists: [keyof typeof BUDGET, string, keyof typeof tokens][] = [
    ['trips', '/api/v1/trips', 'customer'],
    ['tripsSearch', '/api/v1/trips?q=MSKU', 'customer'],
    ['orders', '/api/v1/orders', 'customer'],
    ['market', '/api/v1/bids/open-orders', 'transporter'],
    ['tripIssues', '/api/v1/trips/issues', 'transporter'],
  ];
  it.each(lists)('%s: a page of 20 within budget', async (name, url, role) => {
    const { queries, markers, body } = await queriesOf(`${url}${url.includes('?') ? '&' : '?'}size=20`, role);
    // With one query per row, a page of several rows would pass any fixed budget it was measured with.
    expect(body.content.length, 'the demo data fills more than one row').toBeGreaterThan(BUDGET[name]);
    expect(queries.length, queries.join('\n')).toBeLessThanOrEqual(BUDGET[name]);
    expect(markers.length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['profile', '/api/v1/user/me', 'customer'],
    ['customerDashboard', '/api/v1/dashboard/customer', 'customer'],
    ['transporterDashboard', '/api/v1/dashboard/transporter', 'transporter'],
  ] as const)('%s within budget', async (name, url, role) => {
    const { queries } = await queriesOf(url, role);
    expect(queries.length, queries.join('\n')).toBeLessThanOrEqual(BUDGET[name]);
  });

  it('the trip page within budget however many logs, issues, notes and documents it has', async () => {
    const { queries, body } = await queriesOf(`/api/v1/trips/${tripId}`, 'transporter');
    expect(body.tripStatusLogs.length).toBeGreaterThan(1);
    expect(queries.length, queries.join('\n')).toBeLessThanOrEqual(BUDGET.tripPage);
  });
});
