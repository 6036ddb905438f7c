import {
  createDriverRequest,
  driverIdParams,
  driverListQuery,
  driverPage,
  driverSchema,
  setFleetActiveRequest,
  updateDriverRequest,
} from '@freightlane/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, multipartForm, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from './fleet-access';
import {
  createDriver,
  getDriver,
  type DriverPhoto,
  listDriversOf,
  openDriverPhoto,
  setDriverActive,
  updateDriver,
  uploadDriverPhoto,
} from './driver.service';

export function driverRoutes(app: ZodApp, ctx: AppContext): void {
  const fleet = requireAuth(ctx, ...FLEET_ROLES);

  app.get(
    '/api/v1/fleet/drivers',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Your drivers, newest first',
        description:
          'q searches name, phone and licence number. available=true: active drivers not on a live trip. expiring=true: drivers whose licence has expired or expires within 30 days.',
        security: bearerSecurity,
        querystring: driverListQuery,
        response: { 200: driverPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listDriversOf(ctx, principalOf(request), request.query),
  );

  app.post(
    '/api/v1/fleet/drivers',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Add a driver (409 when the phone or licence number is already in your fleet)',
        security: bearerSecurity,
        body: createDriverRequest,
        response: { 201: driverSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDriver(ctx, principalOf(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/fleet/drivers/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'One of your drivers',
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDriver(ctx, principalOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/fleet/drivers/:id',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Change a driver; only the fields sent change',
        security: bearerSecurity,
        params: driverIdParams,
        body: updateDriverRequest,
        response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateDriver(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/fleet/drivers/:id/active',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: 'Activate or deactivate a driver (a deactivated driver cannot be assigned to trips)',
        description:
          'Deactivating answers 409, naming the trips, while the driver is on a trip that is not completed or cancelled (on the road or still to start): replace it there first.',
        security: bearerSecurity,
        params: driverIdParams,
        body: setFleetActiveRequest,
        response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setDriverActive(ctx, principalOf(request), request.params.id, request.body.active, request.ip),
  );

  app.put(
    '/api/v1/fleet/drivers/:id/photo',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: "Set the driver's photo (multipart field `file`: JPEG, PNG or WebP up to 5 MB)",
        description: 'The kind of file is read from its content. A new photo replaces the old one.',
        consumes: ['multipart/form-data'],
        multipartBody: multipartForm('The photo as a JPEG, PNG or WebP image, at most 5 MB'),
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: driverSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => uploadDriverPhoto(ctx, principalOf(request), request.params.id, request),
  );

  app.get(
    '/api/v1/fleet/drivers/:id/photo',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: "The driver's photo (404 when none was uploaded)",
        fileResponse: 'The photo (JPEG, PNG or WebP)',
        security: bearerSecurity,
        params: driverIdParams,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendDriverPhoto(reply, await openDriverPhoto(ctx, principalOf(request), request.params.id)),
  );
}

/**
 * Only sniffed images are stored as photos, and like every uploaded file one goes out as an attachment
 * (OWASP ASVS V12.5.2): an image that also reads as HTML is never rendered in the app's origin. The web
 * app fetches the photo with its token and shows the bytes, which the disposition does not affect.
 */
function sendDriverPhoto(reply: FastifyReply, photo: DriverPhoto) {
  return reply
    .header('content-type', photo.contentType)
    .header('content-disposition', 'attachment')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(photo.stream);
}
