import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { userRoutes } from './user.routes';

// People: sign-up and activation, password reset, profile, personal data download and erasure.

export function registerUser(app: ZodApp, ctx: AppContext): void {
  userRoutes(app, ctx);
}

export { issueAccountToken, queueActivationMail } from './enrolment.service';
export { INVITATION_TTL_DAYS } from './password-reset.service';
export { toCompany } from './profile.service';
