import { z } from 'zod';
import { USER_TYPES } from '../roles';

export const CLIENT_IDS = ['WEB_CLIENT_APP'] as const;
export const clientIdQuery = z.strictObject({
  clientId: z.enum(CLIENT_IDS, { error: 'clientId must be WEB_CLIENT_APP' }),
});

/** POST /api/v1/auth/login: the spec's login payload. The username is the e-mail address. */
export const loginRequest = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254, 'Username is too long')
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Both tokens are JWTs: the client reads `exp` (seconds) and the access token's `scope`. */
export const tokenPairResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
  userType: z.enum(USER_TYPES),
  firstName: z.string(),
});
export type TokenPairResponse = z.infer<typeof tokenPairResponse>;

export const refreshRequest = z.strictObject({
  refreshToken: z
    .string({ error: 'Refresh token is required' })
    .min(1, 'Refresh token is required')
    .max(4096),
});
export type RefreshRequest = z.infer<typeof refreshRequest>;

export const logoutRequest = refreshRequest;
export type LogoutRequest = RefreshRequest;
