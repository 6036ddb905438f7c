import { z } from 'zod';
import {
  clientIdQuery,
  loginRequest,
  logoutRequest,
  messageResponse,
  refreshRequest,
  tokenPairResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { readPrincipal } from '../../plugins/auth';
import { login, logout, refresh } from './auth.service';

const deviceHeaders = z.object({
  deviceid: z
    .string()
    .max(4096, 'deviceId is too long')
    .optional()
    .describe('The push notification token of this device'),
});

export function authRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with e-mail and password; answers an access token and a refresh token',
        querystring: clientIdQuery,
        headers: deviceHeaders,
        body: loginRequest,
        response: { 200: tokenPairResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      login(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deviceId: request.headers.deviceid || null,
      }),
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Trade a refresh token for a new pair; a refresh token works once (reuse ends the session)',
        body: refreshRequest,
        response: { 200: tokenPairResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => refresh(ctx, request.body.refreshToken, request.ip),
  );

  app.post(
    '/api/v1/auth/logout',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign out: ends the session of the refresh token (and of the bearer token when sent)',
        body: logoutRequest,
        response: { 200: messageResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const principal = await readPrincipal(ctx, request).catch(() => null);
      await logout(ctx, request.body.refreshToken, principal?.sessionId ?? null);
      return { message: 'You have signed out.' };
    },
  );
}
