import {
  TRIP_STATUSES,
  TRIP_STATUS_LABELS,
  cancelTripsRequest,
  cancelTripsResponse,
  changeTripStatusRequest,
  tripDetailSchema,
  tripIdParams,
  tripListQuery,
  tripPage,
  tripStatusLookupSchema,
  undoTripStatusRequest,
  updateTripRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { sendJsonAnswer } from '../../lib/http-cache';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { cancelTrips } from './trip-cancel.service';
import { readTripDetail } from './trip-detail.service';
import { editTrip } from './trip-edit.service';
import { changeTripStatus, undoTripStatus } from './trip-status.service';
import { listTripsFor } from './trip.service';

const tags = ['Trips'];

export function tripRoutes(app: ZodApp, ctx: AppContext): void {
  const signedIn = requireAuth(ctx);
  const runsTrips = requireAuth(ctx, 'role_transporter', 'role_fleet_manager', 'role_admin');
  const adminOnly = requireAuth(ctx, 'role_admin');

  // The spec calls both /api/v1/trips and /api/v1/trips/; the router ignores the trailing slash.
  app.get(
    '/api/v1/trips',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Trips you may see, most recently moved first; filter by completion, start, status or text',
        description:
          'sort: latestTripStatus.timeStamp,DESC (default) | latestTripStatus.timeStamp,ASC | pickupDate,ASC | pickupDate,DESC',
        security: bearerSecurity,
        querystring: tripListQuery,
        response: { 200: tripPage, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // The same page is asked for again and again until its company's data changes: kept as JSON.
      return sendJsonAnswer(request, reply, await listTripsFor(ctx, principalOf(request), request.query));
    },
  );

  app.get(
    '/api/v1/trips/lookup/trip-status',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Every trip status with its description, in timeline order',
        security: bearerSecurity,
        response: { 200: tripStatusLookupSchema, ...errorResponses(401) },
      },
    },
    async () =>
      TRIP_STATUSES.map((tripStatus) => ({
        tripStatus,
        tripStatusDescription: TRIP_STATUS_LABELS[tripStatus],
      })),
  );

  app.patch(
    '/api/v1/trips/cancel',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Cancel trips, all or none; after loading only an admin may cancel',
        security: bearerSecurity,
        body: cancelTripsRequest,
        response: { 200: cancelTripsResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelTrips(ctx, principalOf(request), request.body, request.ip),
  );

  app.get(
    '/api/v1/trips/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'One trip with its status log, resources, issues, documents, notes and what you may do now',
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendJsonAnswer(request, reply, await readTripDetail(ctx, principalOf(request), request.params.id)),
  );

  app.patch(
    '/api/v1/trips/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary:
          "Save your side's note (empty removes it) or, as the transporter, the expected delivery date",
        security: bearerSecurity,
        params: tripIdParams,
        body: updateTripRequest,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => editTrip(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/trips/:id/status',
    {
      preHandler: runsTrips,
      schema: {
        tags,
        summary: 'Move the trip one step forward; Delivered needs the handover code (admins may override)',
        description:
          'A refused move answers 409 with allowedNextStatuses. A wrong handover code answers 422 and uses up ' +
          'one of 5 tries; then the code is locked for 15 minutes (422 with lockedUntil).',
        security: bearerSecurity,
        params: tripIdParams,
        body: changeTripStatusRequest,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      changeTripStatus(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/api/v1/trips/:id/status/undo',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Admin: take back the trip's last status step, with a reason",
        security: bearerSecurity,
        params: tripIdParams,
        body: undoTripStatusRequest,
        response: { 200: tripDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => undoTripStatus(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );
}
