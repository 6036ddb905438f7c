import {
  activateRequest,
  activateResponse,
  adminEraseUserParams,
  adminEraseUserRequest,
  eraseMyAccountRequest,
  erasureResponse,
  myDataExport,
  clientIdQuery,
  messageResponse,
  passwordResetInitiateRequest,
  passwordResetRequest,
  phoneCheckAnswer,
  phoneCheckRequest,
  profileResponse,
  resendActivationRequest,
  signupRequest,
  signupResponse,
  successfulStatus,
  updateProfileRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { attachmentHeader } from '../../lib/upload';
import { principalOf, readPrincipal, requireAuth } from '../../plugins/auth';
import { AppError } from '../../errors';
import { checkOwnPhoneCode, sendOwnPhoneCode } from '../phone-verification';
import { exportMyData } from './data-export.service';
import { activateAccount, checkPhone, RESEND_ANSWER, resendActivation, signup } from './enrolment.service';
import {
  ACCOUNT_ERASED_BY_ADMIN,
  eraseMyAccount,
  eraseUserAsAdmin,
  MY_ACCOUNT_ERASED,
} from './erasure.service';
import { initiatePasswordReset, RESET_INITIATED_ANSWER, resetPassword } from './password-reset.service';
import { getProfile, updateProfile } from './profile.service';

export function userRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v1/user',
    {
      schema: {
        tags: ['Account'],
        summary:
          'Sign up a customer or transporter with their company; e-mails an activation link (a registered e-mail gets the same answer, and its owner a notice)',
        description:
          'Signing up accepts the current terms and conditions (/terms): the account records their version and the time. `acceptTerms` may be left out; given, it must be true.',
        body: signupRequest,
        response: { 201: signupResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await signup(ctx, request.body, request.ip);
      // The same answer whether or not the address was registered already: its owner learns by e-mail.
      const { email, type } = request.body;
      return reply.status(201).send({
        status: 'Successful',
        message: `We have sent an e-mail to ${email}. Open the link in it to activate your account.`,
        data: { email, userType: type },
      });
    },
  );

  app.post(
    '/api/v1/user/enrolment/email/resend',
    {
      schema: {
        tags: ['Account'],
        summary: 'Send a new activation link (same answer whether or not the account exists)',
        body: resendActivationRequest,
        response: { 200: messageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await resendActivation(ctx, request.body.email, request.ip);
      return { message: RESEND_ANSWER };
    },
  );

  app.post(
    '/api/v1/user/enrolment/phone/check',
    {
      schema: {
        tags: ['Account'],
        summary:
          'Whether a phone number is still free to sign up with; signed in, send or check a code that verifies your own number',
        description:
          '`{phoneNumber}` alone answers `{phoneNumber, available}`, no session needed. Signed in, `{phoneNumber, send: true}` texts a 6-digit code to your own number (400 naming phoneNumber for any other number) and `{phoneNumber, code}` checks it; without a session both are refused (401). A code lives 10 minutes and takes 5 wrong tries (400 naming `code`, with the tries left); a new one only a minute after the last, and at most 5 an hour to one number (429 with Retry-After).',
        security: [{}, ...bearerSecurity],
        body: phoneCheckRequest,
        response: { 200: phoneCheckAnswer, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { phoneNumber, send, code } = request.body;
      if (!send && code === undefined) return checkPhone(ctx, phoneNumber, request.ip);
      // Texting a number costs the platform and reaches a stranger's phone: only for the caller's own number.
      const principal = await readPrincipal(ctx, request);
      if (!principal) throw new AppError('UNAUTHENTICATED', 'Sign in to get a code for your phone number.');
      return code === undefined
        ? sendOwnPhoneCode(ctx, principal, phoneNumber, request)
        : checkOwnPhoneCode(ctx, principal, phoneNumber, code, request);
    },
  );

  app.post(
    '/api/v1/user/enrolment/activate',
    {
      schema: {
        tags: ['Account'],
        summary: 'Activate an account with the single-use token from the activation e-mail (valid 72 h)',
        body: activateRequest,
        response: { 200: activateResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const user = await activateAccount(ctx, request.body.token, request.ip);
      return {
        status: 'Successful' as const,
        message: 'Your account is active. You can sign in now.',
        data: { email: user.email },
      };
    },
  );

  app.post(
    '/api/v1/user/password/reset/initiate',
    {
      schema: {
        tags: ['Password'],
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        querystring: clientIdQuery,
        body: passwordResetInitiateRequest,
        response: { 200: messageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await initiatePasswordReset(ctx, request.body.username, request.ip);
      return { message: RESET_INITIATED_ANSWER };
    },
  );

  app.post(
    '/api/v1/user/password/reset/',
    {
      schema: {
        tags: ['Password'],
        summary: 'Set a new password with the single-use reset token (valid 1 h); signs out every device',
        body: passwordResetRequest,
        response: { 200: successfulStatus, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { resetToken, newPassword, acceptTerms } = request.body;
      await resetPassword(ctx, resetToken, newPassword, request.ip, acceptTerms === true);
      return { status: 'Successful' as const };
    },
  );

  app.get(
    '/api/v1/user/me',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Profile'],
        summary: 'The signed-in user, their company and country',
        security: bearerSecurity,
        response: { 200: profileResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: 'Successful' as const, data: await getProfile(ctx, principalOf(request)) }),
  );

  app.put(
    '/api/v1/user/me',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Profile'],
        summary: 'Change your name and phone number',
        security: bearerSecurity,
        body: updateProfileRequest,
        response: { 200: profileResponse, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => ({
      status: 'Successful' as const,
      data: await updateProfile(ctx, principalOf(request), request.body, request.ip),
    }),
  );

  app.get(
    '/api/v1/user/me/data',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Profile'],
        summary: 'Download everything Freightlane holds about you, as a JSON file',
        description:
          'Your profile, company and role, consent to the terms, sign-ins, notification settings and list, push subscriptions (without their keys), what you did (from the audit log) and the trip notes you wrote. Nothing about anyone else. At most 5 an hour.',
        security: bearerSecurity,
        response: { 200: myDataExport, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { fileName, data } = await exportMyData(ctx, principalOf(request));
      return reply
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.post(
    '/api/v1/user/me/erasure',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Profile'],
        summary:
          'Delete your account: erase your identity and sign out everywhere (confirm with your password)',
        description:
          "Trips, orders, invoices and notes stay with the companies and show you as 'Erased user'. Refused (409) when you are the only owner of a company that still has other users or work under way.",
        security: bearerSecurity,
        body: eraseMyAccountRequest,
        response: { 200: erasureResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await eraseMyAccount(ctx, principalOf(request), request.body);
      return { status: 'Successful' as const, message: MY_ACCOUNT_ERASED };
    },
  );

  app.post(
    '/api/v1/admin/users/:id/erasure',
    {
      preHandler: requireAuth(ctx, 'role_admin'),
      schema: {
        tags: ['Admin'],
        summary: "Erase a person's account at their request, with the reason",
        description: 'The same erasure and the same refusals as a person erasing their own account.',
        security: bearerSecurity,
        params: adminEraseUserParams,
        body: adminEraseUserRequest,
        response: { 200: erasureResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await eraseUserAsAdmin(ctx, principalOf(request), request.params.id, request.body, request.ip);
      return { status: 'Successful' as const, message: ACCOUNT_ERASED_BY_ADMIN };
    },
  );
}
