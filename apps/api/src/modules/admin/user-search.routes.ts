import { adminUserListResponse, adminUserSearchQuery } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { requireAuth } from '../../plugins/auth';
import { searchUsersByPhone } from './user-search.service';

export function userSearchRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/internal/user/search',
    {
      preHandler: requireAuth(ctx, 'role_admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Find users by phone number (admins only): q=phoneNumber:{value}',
        description:
          'The value is empty, 10 digits without the leading 0, 11 digits with it, or +234 followed by 10 digits (encode the + as %2B). An empty value finds nobody.',
        security: bearerSecurity,
        querystring: adminUserSearchQuery,
        response: { 200: adminUserListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => searchUsersByPhone(ctx, request.query.q.phoneNumber),
  );
}
