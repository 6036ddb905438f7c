import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { authRoutes } from './auth.routes';

// Sign-in, token refresh and sign-out.

export function registerAuth(app: ZodApp, ctx: AppContext): void {
  authRoutes(app, ctx);
}
