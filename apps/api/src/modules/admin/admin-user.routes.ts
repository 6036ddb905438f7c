import {
  adminUserDetailSchema,
  adminUserIdParams,
  adminUserListQuery,
  adminUserPage,
  deactivateUserRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  deactivateUser,
  getUserForAdmin,
  listUsersForAdmin,
  reactivateUser,
  resendActivationForUser,
} from './admin-user.service';

export function adminUserRoutes(app: ZodApp, ctx: AppContext): void {
  const adminOnly = requireAuth(ctx, 'role_admin');

  app.get(
    '/api/v1/admin/users',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary:
          'Users of every company, newest first: search by name, e-mail or phone, filter by company, role, status',
        security: bearerSecurity,
        querystring: adminUserListQuery,
        response: { 200: adminUserPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsersForAdmin(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/admin/users/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'A user with their company, live sign-ins, activation and last sign-in',
        security: bearerSecurity,
        params: adminUserIdParams,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUserForAdmin(ctx, principalOf(request), request.params.id),
  );

  app.post(
    '/api/v1/admin/users/:id/deactivate',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Deactivate an account with a reason: it cannot sign in and every session ends at once',
        security: bearerSecurity,
        params: adminUserIdParams,
        body: deactivateUserRequest,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      deactivateUser(ctx, principalOf(request), request.params.id, request.body.reason, request),
  );

  app.post(
    '/api/v1/admin/users/:id/reactivate',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Reactivate a deactivated account: it signs in again with the password it had',
        security: bearerSecurity,
        params: adminUserIdParams,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reactivateUser(ctx, principalOf(request), request.params.id, request),
  );

  app.post(
    '/api/v1/admin/users/:id/resend-activation',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'E-mail a new activation link to a user who has not activated yet (409 once active)',
        security: bearerSecurity,
        params: adminUserIdParams,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => resendActivationForUser(ctx, principalOf(request), request.params.id, request),
  );
}
