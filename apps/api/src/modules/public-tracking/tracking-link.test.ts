import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingLinkSchema } from '@freightlane/domain';
import { auditLog, companies, revokedTrackingLinks } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { ONGOING_LINK_NOT_FOUND } from './public-tracking.service';

const TRACKING_ID = /^[A-Za-z0-9_-]{22}$/;
const DAY = 24 * 3600 * 1000;

describe('managing links', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const track = (id: string) => call(t.app, 'GET', `/api/v1/trips/open-access/${id}`);
  const ongoing = (id: string) => call(t.app, 'GET', `/api/v1/trips/open-access/ongoing/${id}`);
  const setExpiry = (tripId: string, body: unknown, token?: string) =>
    call(t.app, 'PUT', `/api/v1/trips/${tripId}/tracking-link`, body, token ? { token } : {});
  const revoke = (tripId: string, token?: string) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/tracking-link/revoke`, undefined, token ? { token } : {});

  describe('PUT /api/v1/trips/{id}/tracking-link', () => {
    it('lets each party of the trip set the expiry, answers the link, and records who did it', async () => {
      const trip = await w.newTrip();
      for (const [who, token] of [
        ['customer', w.customer.accessToken],
        ['transporter', w.transporter.accessToken],
        ['fleet manager', w.fleetManager.accessToken],
        ['admin', w.admin.accessToken],
      ] as const) {
        const expiresAt = new Date(Date.now() + 7 * DAY).toISOString();
        const res = await setExpiry(trip.id, { expiresAt }, token);
        expect(res.status, who).toBe(200);
        expect(trackingLinkSchema.parse(res.body)).toEqual(res.body);
        expect(res.body).toEqual({ trackingId: trip.trackingId, expiresAt });
        expect((await w.detail(trip.id)).trackingExpiresAt).toBe(expiresAt);
      }
      const audits = await w.audits(trip.id, 'trip.tracking_link_expiry_set');
      expect(audits).toHaveLength(4);
      expect(audits[0]).toMatchObject({ actorUserId: w.customer.user.id, entityType: 'trip' });
      expect(audits[0]!.data).toMatchObject({ tripNumber: trip.tripNumber, side: 'CUSTOMER' });
    });

    it('accepts null (never expires) and keeps the link working', async () => {
      const trip = await w.newTrip();
      await setExpiry(
        trip.id,
        { expiresAt: new Date(Date.now() + DAY).toISOString() },
        w.customer.accessToken,
      );
      const res = await setExpiry(trip.id, { expiresAt: null }, w.customer.accessToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ trackingId: trip.trackingId, expiresAt: null });
      expect((await w.detail(trip.id)).trackingExpiresAt).toBeNull();
      expect((await track(trip.trackingId)).status).toBe(200);
    });

    it('refuses an expiry in the past, too far away or unreadable with 400 naming the field', async () => {
      const trip = await w.newTrip();
      const cases: [unknown, RegExp][] = [
        [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, /The expiry must be in the future/],
        [
          { expiresAt: new Date(Date.now() + 91 * DAY).toISOString() },
          /The expiry can be at most 90 days away/,
        ],
        [{ expiresAt: 'next Tuesday' }, /Enter the expiry as a date and time/],
        [{}, /.+/],
      ];
      for (const [body, message] of cases) {
        const res = await setExpiry(trip.id, body, w.customer.accessToken);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'expiresAt', message: expect.stringMatching(message) }]);
      }
      const extra = await setExpiry(trip.id, { expiresAt: null, trackingId: 'mine' }, w.customer.accessToken);
      expect(extra.status).toBe(400);
      expect(extra.body.errors).toEqual([{ field: 'trackingId', message: 'Unknown field' }]);
      expect((await w.detail(trip.id)).trackingExpiresAt).toBeNull();
      expect(await w.audits(trip.id, 'trip.tracking_link_expiry_set')).toHaveLength(0);
    });

    it("answers 401 signed out, 404 for another company's trip or an unknown one, 400 for a bad id", async () => {
      const trip = await w.newTrip();
      const body = { expiresAt: null };
      expect((await setExpiry(trip.id, body)).status).toBe(401);
      for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
        const res = await setExpiry(trip.id, body, token);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Trip not found');
      }
      expect((await setExpiry(randomUUID(), body, w.customer.accessToken)).status).toBe(404);
      const bad = await setExpiry('not-a-trip', body, w.customer.accessToken);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'params.id', message: 'Trip not found' }]);
    });
  });

  describe('POST /api/v1/trips/{id}/tracking-link/revoke', () => {
    it('gives the trip a fresh id that works at once; the old one answers that it was revoked', async () => {
      const trip = await w.newTrip();
      const expiresAt = new Date(Date.now() + 3 * DAY).toISOString();
      await setExpiry(trip.id, { expiresAt }, w.customer.accessToken);
      expect((await track(trip.trackingId)).status).toBe(200);

      const res = await revoke(trip.id, w.customer.accessToken);
      expect(res.status).toBe(200);
      expect(trackingLinkSchema.parse(res.body)).toEqual(res.body);
      expect(res.body.trackingId).toMatch(TRACKING_ID);
      expect(res.body.trackingId).not.toBe(trip.trackingId);
      // The expiry carries over to the new link.
      expect(res.body.expiresAt).toBe(expiresAt);
      expect((await w.detail(trip.id)).trackingId).toBe(res.body.trackingId);

      const old = await track(trip.trackingId);
      expect(old.status).toBe(404);
      expect(old.body.message).toBe('This tracking link has been revoked. Ask the sender for a new link.');
      const fresh = await track(res.body.trackingId);
      expect(fresh.status).toBe(200);
      expect(fresh.body.tripNumber).toBe(trip.tripNumber);

      const [revoked] = await t.ctx.db
        .select()
        .from(revokedTrackingLinks)
        .where(eq(revokedTrackingLinks.trackingId, trip.trackingId));
      expect(revoked).toMatchObject({ tripId: trip.id, revokedByUserId: w.customer.user.id });
      const [audit] = await w.audits(trip.id, 'trip.tracking_link_revoked');
      expect(audit!.data).toMatchObject({ tripNumber: trip.tripNumber, revokedTrackingId: trip.trackingId });
      expect(JSON.stringify(audit!.data)).not.toContain(res.body.trackingId);
    });

    it('lets the transporter revoke again; every old id stays revoked', async () => {
      const trip = await w.newTrip();
      const first = await revoke(trip.id, w.transporter.accessToken);
      const second = await revoke(trip.id, w.fleetManager.accessToken);
      expect(second.status).toBe(200);
      for (const id of [trip.trackingId, first.body.trackingId]) {
        expect((await track(id)).body.message).toMatch(/has been revoked/);
      }
      expect((await track(second.body.trackingId)).status).toBe(200);
    });

    it("answers 401 signed out and 404 for another company's trip, changing nothing", async () => {
      const trip = await w.newTrip();
      expect((await revoke(trip.id)).status).toBe(401);
      const res = await revoke(trip.id, w.otherCustomer.accessToken);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Trip not found');
      expect((await revoke('nope', w.customer.accessToken)).status).toBe(400);
      expect((await w.tripRow(trip.id)).trackingId).toBe(trip.trackingId);
      expect((await track(trip.trackingId)).status).toBe(200);
    });
  });

  describe('the ongoing-trips link', () => {
    const link = (token?: string) =>
      call(t.app, 'GET', '/api/v1/trips/ongoing-link', undefined, token ? { token } : {});
    const rotate = (token?: string) =>
      call(t.app, 'POST', '/api/v1/trips/ongoing-link/rotate', undefined, token ? { token } : {});

    it('is made on first ask, unguessable, and the same on every later ask', async () => {
      const first = await link(w.customer.accessToken);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body)).toEqual(['shareId']);
      expect(first.body.shareId).toMatch(TRACKING_ID);
      expect(first.body.shareId).not.toContain(w.customer.company.id);
      expect((await link(w.customer.accessToken)).body.shareId).toBe(first.body.shareId);
      const [company] = await t.ctx.db
        .select()
        .from(companies)
        .where(eq(companies.id, w.customer.company.id));
      expect(company!.ongoingShareId).toBe(first.body.shareId);
      expect(await w.audits(w.customer.company.id, 'company.ongoing_link_created')).toHaveLength(1);
      expect((await ongoing(first.body.shareId)).status).toBe(200);
    });

    it('rotates: the old link dies at once, the new one works, and the rotation is recorded', async () => {
      const old = (await link(w.customer.accessToken)).body.shareId as string;
      expect((await ongoing(old)).status).toBe(200);
      const res = await rotate(w.customer.accessToken);
      expect(res.status).toBe(200);
      expect(res.body.shareId).toMatch(TRACKING_ID);
      expect(res.body.shareId).not.toBe(old);
      const dead = await ongoing(old);
      expect(dead.status).toBe(404);
      expect(dead.body.message).toBe(ONGOING_LINK_NOT_FOUND);
      expect((await ongoing(res.body.shareId)).status).toBe(200);
      expect((await link(w.customer.accessToken)).body.shareId).toBe(res.body.shareId);
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'company.ongoing_link_rotated'));
      expect(audits.filter((a) => a.entityId === w.customer.company.id)).toHaveLength(1);
      expect(JSON.stringify(audits[0]!.data)).not.toContain(res.body.shareId);
    });

    it('is for customers only: 401 signed out, 403 for transporters, fleet managers and admins', async () => {
      expect((await link()).status).toBe(401);
      expect((await rotate()).status).toBe(401);
      for (const token of [w.transporter.accessToken, w.fleetManager.accessToken, w.admin.accessToken]) {
        const get = await link(token);
        expect(get.status).toBe(403);
        expect(get.body.message).toBe('Your account type cannot do this.');
        expect((await rotate(token)).status).toBe(403);
      }
      const [transporter] = await t.ctx.db
        .select()
        .from(companies)
        .where(eq(companies.id, w.transporter.company.id));
      expect(transporter!.ongoingShareId).toBeNull();
    });

    it('gives each customer company its own link', async () => {
      const mine = (await link(w.customer.accessToken)).body.shareId;
      const theirs = (await link(w.otherCustomer.accessToken)).body.shareId;
      expect(theirs).toMatch(TRACKING_ID);
      expect(theirs).not.toBe(mine);
    });
  });
});
