import {
  createTrackingCredentialRequest,
  linkTrackingDevicesRequest,
  trackingCompanyListResponse,
  trackingCredentialIdParams,
  trackingCredentialListResponse,
  trackingCredentialSchema,
  trackingDevicePage,
  trackingDeviceQuery,
  tripIdParams,
  tripRouteSchema,
  trackingSettingsSchema,
  updateTrackingCredentialRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from '../fleet';
import {
  createTrackingCredential,
  linkTrackingDevices,
  listTrackingCompanies,
  listTrackingCredentials,
  listTrackingDevices,
  updateTrackingCredential,
} from './tracking-credential.service';
import { saveTrackingSettings, trackingSettingsFor } from './telematics-settings.service';
import { tripRouteFor } from './trip-route.service';

export function telematicsRoutes(app: ZodApp, ctx: AppContext): void {
  const fleetOnly = requireAuth(ctx, ...FLEET_ROLES);
  const tags = ['Telematics'];

  app.get(
    '/api/v1/tracking-companies',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'The tracking companies (telematics providers) trucks can be followed through',
        security: bearerSecurity,
        response: { 200: trackingCompanyListResponse, ...errorResponses(401) },
      },
    },
    async () => listTrackingCompanies(ctx),
  );

  app.get(
    '/api/v1/tracking-credentials',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "Your company's accounts at tracking companies (passwords and tokens are never sent)",
        security: bearerSecurity,
        response: { 200: trackingCredentialListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listTrackingCredentials(ctx, principalOf(request)),
  );

  app.post(
    '/api/v1/tracking-credentials',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary:
          'Save an account at a tracking company; it is tried first and refused with the reason when it fails',
        security: bearerSecurity,
        body: createTrackingCredentialRequest,
        response: { 201: trackingCredentialSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTrackingCredential(ctx, principalOf(request), request.body, request)),
  );

  app.patch(
    '/api/v1/tracking-credentials/:id',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Change, pause or resume a tracking account; a changed sign-in is tried before it is saved',
        security: bearerSecurity,
        params: trackingCredentialIdParams,
        body: updateTrackingCredentialRequest,
        response: { 200: trackingCredentialSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateTrackingCredential(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.get(
    '/api/v1/tracking-credentials/trucks/:id',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "The tracking account's devices, with the truck each one follows",
        security: bearerSecurity,
        params: trackingCredentialIdParams,
        querystring: trackingDeviceQuery,
        response: { 200: trackingDevicePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listTrackingDevices(ctx, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/tracking-credentials/trucks/:id',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Link devices of the tracking account to your trucks (truckId null unlinks)',
        security: bearerSecurity,
        params: trackingCredentialIdParams,
        body: linkTrackingDevicesRequest,
        response: { 200: trackingDevicePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      linkTrackingDevices(ctx, principalOf(request), request.params.id, request.body, request),
  );

  app.get(
    '/api/v1/tracking-settings',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'How your trucks are watched: arrivals by geofence and the thresholds of the alarms',
        description:
          'A company that never saved its settings gets the defaults. Leaving the corridor, a long stop and a silent tracker each open a trip issue by themselves (the trip shows DELAYED); driving at night raises a trip alert instead, once a night, which delays nothing.',
        security: bearerSecurity,
        response: { 200: trackingSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => trackingSettingsFor(ctx, principalOf(request)),
  );

  app.put(
    '/api/v1/tracking-settings',
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Change how your trucks are watched (every setting is sent)',
        security: bearerSecurity,
        body: trackingSettingsSchema,
        response: { 200: trackingSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveTrackingSettings(ctx, principalOf(request), request.body, request),
  );

  app.get(
    '/api/v1/trips/:id/route',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: "Where the trip's truck went while on the trip, oldest first (at most 1,000 points)",
        security: bearerSecurity,
        params: tripIdParams,
        response: { 200: tripRouteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => tripRouteFor(ctx, principalOf(request), request.params.id),
  );
}
