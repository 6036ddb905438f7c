/**
 * The production layout, end to end: nginx in front of two API instances on one PostgreSQL (started by
 * e2e/cluster/run.ts). Whatever one instance does must hold on the other: live updates, rate limits, jobs,
 * uploads. A check that must know which instance did what speaks to that instance's own port (the
 * `instanceContexts` pair); everything else, and the browser, goes through nginx as users do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { nextTripStatus, TRIP_STATUS_LABELS, type TripDocument, type TripStatus } from '@freightlane/domain';
import { openEventStream, type EventStream, type StreamEvent } from '../../apps/api/src/test/event-stream';
import { apiToken, DEMO_PASSWORD, signedInPage, snap, uniqueEmail, uniqueLocalPhone } from '../tests/support';
import {
  CLUSTER_URL,
  INSTANCE_URLS,
  instanceContexts,
  mailCounts,
  movableTrip,
  moveTrip,
  testNetAddress,
  UPLOAD_DIR,
} from './cluster-support';

const LOGIN = '/api/v1/auth/login?clientId=WEB_CLIENT_APP';
const RESET = '/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP';
const ACTIVATION = 'Activate your Freightlane account';

function showsStatus(status: TripStatus) {
  return (event: StreamEvent) =>
    event.event === 'trip' &&
    (JSON.parse(event.data) as { tripStatusLogs: { tripStatus: string }[] }).tripStatusLogs.some(
      (log) => log.tripStatus === status,
    );
}

test.describe('two instances behind nginx', () => {
  test('a status change made through one instance reaches live streams held by the other', async ({
    playwright,
  }) => {
    const [a, b] = await instanceContexts(playwright);
    // Both instances sign with the same secret: a token from one is good on the other.
    const transporter = await apiToken(a, 'transporter@example.com');
    const customer = await apiToken(b, 'customer@example.com');
    const { trip, next } = await movableTrip(b, transporter);
    const streams: EventStream[] = [];
    try {
      const tracking = `/api/v1/trips/open-access/${trip.trackingId}/events`;
      // The public tracking page's stream on each instance and through nginx, and the customer's own
      // notification stream on instance 2.
      const [onA, onB, viaNginx, notifications] = await Promise.all([
        openEventStream(`${INSTANCE_URLS[0]}${tracking}`),
        openEventStream(`${INSTANCE_URLS[1]}${tracking}`),
        openEventStream(`${CLUSTER_URL}${tracking}`),
        openEventStream(`${INSTANCE_URLS[1]}/api/v1/notifications/events`, {
          authorization: `Bearer ${customer}`,
        }),
      ]);
      streams.push(onA, onB, viaNginx, notifications);
      for (const stream of streams) expect(stream.status).toBe(200);
      // nginx passes the stream on unbuffered and uncompressed.
      expect(viaNginx.headers['content-type']).toContain('text/event-stream');
      expect(viaNginx.headers['content-encoding']).toBeUndefined();
      for (const stream of [onA, onB, viaNginx]) await stream.next((e) => e.event === 'trip', 10_000);
      await notifications.next((e) => e.event === 'unread', 10_000);

      // Through instance 1: instance 2's streams hear it (and instance 1's own, and nginx's).
      await moveTrip(a, transporter, trip.id, next);
      await Promise.all([onA, onB, viaNginx].map((stream) => stream.next(showsStatus(next), 5_000)));
      const heard = await notifications.next(
        (e) =>
          e.event === 'notification' &&
          (JSON.parse(e.data) as { kind: string; title: string }).title.includes(TRIP_STATUS_LABELS[next]),
        10_000,
      );
      expect((JSON.parse(heard.data) as { kind: string }).kind).toBe('TRIP_STATUS_CHANGED');

      // And the other way round: the step after it, made through instance 2, reaches instance 1's stream.
      const after = nextTripStatus(trip.cargoType, next);
      expect(after, `a step after ${next}`).toBeTruthy();
      await moveTrip(b, transporter, trip.id, after!);
      await Promise.all([onA, onB, viaNginx].map((stream) => stream.next(showsStatus(after!), 5_000)));
    } finally {
      for (const stream of streams) stream.close();
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  test('rate limits are shared: attempts spread over both instances reach one limit', async ({
    playwright,
    request,
  }) => {
    const [a, b] = await instanceContexts(playwright);
    try {
      // Per account: ten failed sign-ins in 15 minutes, whichever instance took them.
      const email = uniqueEmail('guessed');
      const from = testNetAddress();
      for (let attempt = 0; attempt < 10; attempt++) {
        const res = await (attempt % 2 === 0 ? a : b).post(LOGIN, {
          headers: { 'x-forwarded-for': from },
          data: { username: email, password: `wrong-${attempt}` },
        });
        expect(res.status(), `attempt ${attempt + 1} on instance ${(attempt % 2) + 1}`).toBe(401);
      }
      const refused = await request.post(LOGIN, { data: { username: email, password: 'wrong-again' } });
      expect(refused.status(), 'the eleventh failure, through nginx').toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBeTruthy();
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

      // Per client address: 20 reset requests an hour from one address, spread over both instances.
      const address = testNetAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt++) {
        const res = await (attempt % 2 === 0 ? a : b).post(RESET, {
          headers: { 'x-forwarded-for': address },
          data: { username: uniqueEmail('reset') },
        });
        statuses.push(res.status());
      }
      expect(
        statuses.slice(0, 20).filter((s) => s >= 300),
        'refused within the limit',
      ).toEqual([]);
      expect(statuses[20], 'the 21st request from one address').toBe(429);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  test('nginx hands the instances the address it saw, never one the client wrote', async ({ request }) => {
    // Through nginx every request comes from 127.0.0.1, however it names itself: a forged
    // X-Forwarded-For must not give each request a rate limit of its own.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const res = await request.post(RESET, {
        headers: { 'x-forwarded-for': testNetAddress() },
        data: { username: uniqueEmail('forged') },
      });
      statuses.push(res.status());
    }
    expect(statuses, 'one address, one limit').toContain(429);
  });

  test('a sign-out on one instance ends the session on the other at once', async ({ playwright }) => {
    const [a, b] = await instanceContexts(playwright);
    try {
      const signedIn = await a.post(LOGIN, {
        headers: { 'x-forwarded-for': testNetAddress() },
        data: { username: 'customer@example.com', password: DEMO_PASSWORD },
      });
      expect(signedIn.status()).toBe(200);
      const { accessToken, refreshToken } = (await signedIn.json()) as {
        accessToken: string;
        refreshToken: string;
      };
      const meOnB = async () =>
        (await b.get('/api/v1/user/me', { headers: { authorization: `Bearer ${accessToken}` } })).status();
      // Instance 2 has seen the session (and keeps what it learnt of it in memory).
      expect(await meOnB()).toBe(200);
      const out = await a.post('/api/v1/auth/logout', {
        headers: { authorization: `Bearer ${accessToken}` },
        data: { refreshToken },
      });
      expect(out.status()).toBe(200);
      await expect.poll(meOnB, { timeout: 2_000, message: 'the access token on instance 2' }).toBe(401);
      const refreshed = await b.post('/api/v1/auth/refresh', {
        headers: { 'x-forwarded-for': testNetAddress() },
        data: { refreshToken },
      });
      expect(refreshed.status()).toBe(401);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  test('no job runs twice: every sign-up across both instances gets exactly one activation e-mail', async ({
    playwright,
    request,
  }) => {
    const [a, b] = await instanceContexts(playwright);
    const emails = Array.from({ length: 40 }, () => uniqueEmail('signup'));
    try {
      // Forty sign-ups at once, half through each instance: forty jobs that both instances' workers race for.
      await Promise.all(
        emails.map(async (email, i) => {
          const res = await (i % 2 === 0 ? a : b).post('/api/v1/user', {
            headers: { 'x-forwarded-for': testNetAddress() },
            data: {
              email,
              firstName: 'Ngozi',
              lastName: 'Adebayo',
              companyName: `Adebayo Clearing ${i}`,
              phoneNumber: `+234${uniqueLocalPhone().slice(1)}`,
              password: 'Sturdy-Cargo-2026',
              type: i % 4 < 2 ? 'CUSTOMER' : 'TRANSPORTER',
              acceptTerms: true,
            },
          });
          expect(res.status(), `sign-up of ${email}: ${await res.text()}`).toBe(201);
        }),
      );
      const total = (counts: number[][]) => counts.map(([one, two]) => one! + two!);
      await expect
        .poll(async () => total(await mailCounts(request, emails, ACTIVATION)).filter((n) => n > 0).length, {
          timeout: 30_000,
        })
        .toBe(emails.length);
      // Both workers keep polling every 100 ms: a second copy would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const counts = await mailCounts(request, emails, ACTIVATION);
      expect(
        emails.filter((_, i) => total(counts)[i] !== 1),
        'addresses without exactly one e-mail',
      ).toEqual([]);
      // Each instance sends through its own sink: both took some of the jobs, so they did race for them.
      const byInstance = [0, 1].map((i) => counts.reduce((sum, perSink) => sum + perSink[i]!, 0));
      console.info(`activation e-mails sent by instance 1 + 2: ${byInstance.join(' + ')}`);
      expect(
        byInstance.every((n) => n > 0),
        `e-mails sent by instance 1 + 2: ${byInstance.join(' + ')}`,
      ).toBe(true);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  test('a file uploaded through one instance downloads through the other and through nginx', async ({
    playwright,
    request,
  }) => {
    const [a, b] = await instanceContexts(playwright);
    try {
      const transporter = await apiToken(a, 'transporter@example.com');
      const customer = await apiToken(b, 'customer@example.com');
      const { trip } = await movableTrip(a, transporter);
      // Two megabytes: more than nginx keeps in memory, so its temporary files are used on the way in.
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
        Buffer.alloc(2 * 1024 * 1024, 'freightlane waybill '),
        Buffer.from('\n%%EOF\n'),
      ]);
      const uploadThrough = async (via: APIRequestContext) => {
        const res = await via.post(`/api/v1/trips/${trip.id}/documents`, {
          headers: { authorization: `Bearer ${transporter}` },
          multipart: {
            kind: 'WAYBILL',
            file: { name: 'waybill.pdf', mimeType: 'application/pdf', buffer: pdf },
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        return (await res.json()) as TripDocument;
      };
      const downloadThrough = async (via: APIRequestContext, id: string) => {
        const res = await via.get(`/api/v1/trips/documents/${id}`, {
          headers: { authorization: `Bearer ${customer}` },
        });
        expect(res.status()).toBe(200);
        expect(res.headers()['content-disposition']).toMatch(/^attachment/);
        return res.body();
      };

      const first = await uploadThrough(a);
      expect((await downloadThrough(b, first.id)).equals(pdf), 'written by 1, read by 2').toBe(true);
      const second = await uploadThrough(b);
      expect((await downloadThrough(a, second.id)).equals(pdf), 'written by 2, read by 1').toBe(true);
      if (!process.env.S3_BUCKET) {
        // Without S3 the instances share one folder; both files are in it, each written once.
        const stored = fs
          .readdirSync(UPLOAD_DIR, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && !entry.parentPath.includes('.incoming'));
        expect(
          stored.filter((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size === pdf.length),
        ).toHaveLength(2);
      }
      // Through nginx, several times, so both instances serve it.
      for (let i = 0; i < 4; i++) expect((await downloadThrough(request, first.id)).equals(pdf)).toBe(true);

      // Over 10 MB: nginx refuses it before an instance reads it, with a JSON message as the API would.
      const tooLarge = await request.post(`/api/v1/trips/${trip.id}/documents`, {
        headers: { authorization: `Bearer ${transporter}` },
        multipart: {
          kind: 'WAYBILL',
          file: { name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(12 * 1024 * 1024, 1) },
        },
      });
      expect(tooLarge.status()).toBe(413);
      expect(((await tooLarge.json()) as { message: string }).message).toMatch(/10 MB/);
    } finally {
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });

  test('nginx answers with compression and without its version', async ({ request }) => {
    const page = await request.get('/signin', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['server']).toBe('nginx');
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script, 'the web app names its script').toBeTruthy();
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('gzip');
    // The instances trust X-Forwarded-Proto; nginx writes its own, so a client cannot claim HTTPS (and get
    // HSTS, or https links) over plain HTTP.
    const forged = await request.get('/signin', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers()['strict-transport-security']).toBeUndefined();
    const missing = await request.get('/api/v1/no-such-route');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['server']).toBe('nginx');
  });

  for (const width of [375, 1280]) {
    test(`the web app works through nginx at ${width} px: sign in, home, live tracking`, async ({
      browser,
      playwright,
    }) => {
      const page = await signedInPage(browser, 'customer@example.com', width);
      await expect(page).toHaveURL(/\/home/);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The dashboard's figures and lists come through nginx from an instance: the page is whole, not skeletons.
      await expect(page.getByText('Ongoing trips', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Orders awaiting award' })).toBeVisible();
      await snap(page, 'cluster-home-customer');

      // The public tracking page through nginx follows a change made on either instance.
      const [a, b] = await instanceContexts(playwright);
      try {
        const transporter = await apiToken(a, 'transporter@example.com', DEMO_PASSWORD);
        const { trip, next } = await movableTrip(a, transporter);
        await page.goto(`/tripprogress/${trip.trackingId}`);
        await expect(page.getByText('Live', { exact: true })).toBeVisible();
        const step = page.locator('ol.timeline > li').nth(1);
        await expect(step).toContainText(', not reached yet');
        await moveTrip(width === 375 ? a : b, transporter, trip.id, next);
        await expect(step).toContainText(', done', { timeout: 5_000 });
        await snap(page, 'cluster-tracking-live');
      } finally {
        await Promise.all([a.dispose(), b.dispose()]);
        await page.context().close();
      }
    });
  }
});
