import { lagosToday } from '@freightlane/domain';
import { GOOD_PASSWORD, LOGIN_URL, signupBody, uniqueEmail, uniquePhone } from '../../test/accounts';
import { companyDetailsBody, sideOf } from '../../test/access-world';
import { tokenFromMail } from '../../test/test-app';
import {
  allOf,
  anySignedIn,
  everyone,
  namesNothingOfOtherSide,
  onlyRoles,
  own,
  type Cell,
  type MatrixRow,
} from './row';

/**
 * Accounts (sign-up, activation, password reset, sign-in, the caller's own profile and data), the caller's
 * company and its documents, the back office (companies, users, reference data, platform terms, audit log,
 * user search), lookups, health and the development outbox.
 *
 * The public account calls answer everyone alike, signed in or not. A caller's own account and company are
 * named by the session, never by the request, so there is no other side's object to reach there; the
 * back office is for admins only (403 for every other role, before any lookup).
 */

const adminOnly = (status: number) => onlyRoles({ admin: status });

/** A new session like the caller's (a customer A's for anonymous), for calls that change or end it. */
const freshOfCaller = ({ world, principal }: Cell) =>
  world.freshSession(principal === 'anonymous' ? 'customerA' : principal);

/** A new signed-in user of the owner's customer company, for an admin to act on. */
const freshCustomerUserOf = ({ world, owner }: Cell) =>
  world.freshSession(owner === 'A' ? 'customerA' : 'customerB');

/** The company document a caller of this role would own on the owner's side. */
const companyDocumentFor = ({ principal, side }: Cell) =>
  principal.startsWith('customer') || principal === 'anonymous' || principal === 'admin'
    ? side.customerDocument
    : side.transporterDocument;

const companyRow = ({ world, side }: Cell) => world.stored('companies', { id: side.customerCompanyId });
const userRow = ({ world, side }: Cell) => world.stored('users', { id: side.customer.userId });

/** A unique reference-data code (letters, digits, single dashes). */
const uniqueCode = (prefix: string) => `${prefix}-${uniquePhone().slice(-6)}`;

const terminalBody = () => ({
  code: uniqueCode('TRM'),
  name: `Ikorodu Inland Depot ${uniqueCode('D')}`,
  operator: 'Ikorodu Depot Ltd',
  kind: 'INLAND_DEPOT',
  port: 'Lagos',
  city: 'Ikorodu',
  state: 'Lagos',
  lga: 'Ikorodu',
  latitude: 6.6194,
  longitude: 3.5105,
});

/** A new shipping line; codes and names are unique. */
const shippingLineBody = () => {
  const code = uniqueCode('SL');
  return { code, name: `Coastal Feeder Line ${code}` };
};

export const rows: MatrixRow[] = [
  {
    op: 'GET /api/health',
    owned: false,
    expect: everyone(200),
    request: () => ({ url: '/api/health' }),
  },
  {
    op: 'GET /api/dev/outbox',
    owned: false,
    expect: everyone(200),
    note: 'A development tool, registered only outside production (app.ts); the test app runs as NODE_ENV=test.',
    request: () => ({ url: '/api/dev/outbox?limit=1' }),
  },
  {
    op: 'GET /api/dev/sms/inbox',
    owned: false,
    expect: everyone(200),
    note: 'The SMS simulator, registered only outside production and only while it stands in for Termii.',
    request: () => ({ url: '/api/dev/sms/inbox?phone=%2B2348031234567' }),
  },
  {
    op: 'GET /api/dev/whatsapp/conversations',
    owned: false,
    expect: everyone(200),
    note: 'The WhatsApp simulator, registered only outside production and only while it stands in for the Cloud API.',
    request: () => ({ url: '/api/dev/whatsapp/conversations?phone=%2B2348031234567' }),
  },
  {
    op: 'POST /api/dev/whatsapp/inbound',
    owned: false,
    expect: everyone(200),
    note: 'The WhatsApp simulator playing a phone: its message reaches the platform only as a signed webhook.',
    request: () => ({
      url: '/api/dev/whatsapp/inbound',
      body: { phone: uniquePhone(), text: 'Where is my truck?' },
    }),
  },

  {
    op: 'GET /api/dev/ussd',
    owned: false,
    expect: everyone(200),
    note: 'The USSD simulator, registered only outside production and while the USSD menu is on.',
    request: () => ({ url: '/api/dev/ussd' }),
  },
  {
    op: 'POST /api/dev/ussd/session',
    owned: false,
    expect: everyone(200),
    note: 'The USSD simulator playing a phone: its screen reaches the menu only through the callback with its secret.',
    request: () => ({
      url: '/api/dev/ussd/session',
      body: {
        sessionId: `matrix_${uniqueEmail('ussd').replace(/\W/g, '')}`,
        phoneNumber: uniquePhone(),
        text: '',
      },
    }),
  },

  // Sign-up, activation and password reset: public, the same for everyone.
  {
    op: 'POST /api/v1/user',
    owned: false,
    expect: everyone(201),
    request: () => ({ url: '/api/v1/user', body: signupBody() }),
  },
  {
    op: 'POST /api/v1/user',
    variant: 'as an admin',
    owned: false,
    expect: everyone(400),
    note: 'Sign-up makes customers and transporters only: nobody can make themselves an admin (API5).',
    request: () => ({ url: '/api/v1/user', body: signupBody({ type: 'ADMIN' }) }),
  },
  {
    op: 'POST /api/v1/user/enrolment/email/resend',
    owned: false,
    expect: everyone(200),
    request: () => ({ url: '/api/v1/user/enrolment/email/resend', body: { email: uniqueEmail('resend') } }),
  },
  {
    op: 'POST /api/v1/user/enrolment/phone/check',
    owned: false,
    expect: everyone(200),
    request: () => ({ url: '/api/v1/user/enrolment/phone/check', body: { phoneNumber: uniquePhone() } }),
  },
  {
    op: 'POST /api/v1/user/enrolment/phone/check',
    variant: 'send a code to one’s own number',
    owned: false,
    expect: anySignedIn(200),
    request: async (cell) => {
      // A new person per cell, as a second code to one number within the minute is refused.
      const session = await freshOfCaller(cell);
      const [user] = await cell.world.stored('users', { id: session.userId });
      return {
        url: '/api/v1/user/enrolment/phone/check',
        body: { phoneNumber: user!.phoneNumber, send: true },
        token: cell.caller ? session.accessToken : null,
      };
    },
  },
  {
    op: 'POST /api/v1/user/enrolment/phone/check',
    variant: 'check the code sent to one’s own number',
    owned: false,
    expect: anySignedIn(200),
    request: async (cell) => {
      const session = await freshOfCaller(cell);
      const [user] = await cell.world.stored('users', { id: session.userId });
      const url = '/api/v1/user/enrolment/phone/check';
      await cell.world.send('POST', url, session.accessToken, { phoneNumber: user!.phoneNumber, send: true });
      const [sms] = await cell.world.stored('smsMessages', { to: user!.phoneNumber });
      return {
        url,
        body: { phoneNumber: user!.phoneNumber, code: /\d{6}/.exec(String(sms!.text))![0] },
        token: cell.caller ? session.accessToken : null,
      };
    },
  },
  {
    op: 'POST /api/v1/user/enrolment/activate',
    owned: false,
    expect: everyone(200),
    request: async ({ world }) => {
      const body = signupBody();
      await world.send('POST', '/api/v1/user', '', body);
      const [mail] = await world.t.mailsTo(body.email);
      return { url: '/api/v1/user/enrolment/activate', body: { token: tokenFromMail(mail) } };
    },
  },
  {
    op: 'POST /api/v1/user/password/reset/initiate',
    owned: false,
    expect: everyone(200),
    request: async (cell) => ({
      url: '/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP',
      body: { username: (await freshOfCaller(cell)).email },
    }),
  },
  {
    op: 'POST /api/v1/user/password/reset/',
    owned: false,
    expect: everyone(200),
    request: async (cell) => {
      const { email } = await freshOfCaller(cell);
      await cell.world.send('POST', '/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP', '', {
        username: email,
      });
      const [mail] = await cell.world.t.mailsTo(email);
      return {
        url: '/api/v1/user/password/reset/',
        body: { resetToken: tokenFromMail(mail), newPassword: 'Another-Sturdy-Cargo-2027' },
      };
    },
  },

  // Sessions: the tokens in the body decide; a new session per cell, as these end or replace it.
  {
    op: 'POST /api/v1/auth/login',
    owned: false,
    expect: everyone(200),
    request: async (cell) => ({
      url: LOGIN_URL,
      body: { username: (await freshOfCaller(cell)).email, password: GOOD_PASSWORD },
    }),
  },
  {
    op: 'POST /api/v1/auth/refresh',
    owned: false,
    expect: everyone(200),
    request: async (cell) => {
      const session = await freshOfCaller(cell);
      return {
        url: '/api/v1/auth/refresh',
        body: { refreshToken: session.refreshToken },
        token: cell.caller ? session.accessToken : null,
      };
    },
  },
  {
    op: 'POST /api/v1/auth/logout',
    owned: false,
    expect: everyone(200),
    request: async (cell) => {
      const session = await freshOfCaller(cell);
      return {
        url: '/api/v1/auth/logout',
        body: { refreshToken: session.refreshToken },
        token: cell.caller ? session.accessToken : null,
      };
    },
  },

  // The caller's own account: named by the session alone.
  {
    op: 'GET /api/v1/user/me',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/user/me' }),
  },
  {
    op: 'PUT /api/v1/user/me',
    owned: false,
    expect: anySignedIn(200),
    request: async (cell) => ({
      url: '/api/v1/user/me',
      body: { firstName: 'Chidi', lastName: 'Okeke', phoneNumber: uniquePhone() },
      token: cell.caller ? (await freshOfCaller(cell)).accessToken : null,
    }),
  },
  {
    op: 'GET /api/v1/user/me/data',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/user/me/data' }),
    check: allOf(
      namesNothingOfOtherSide((s) => [s.customer.email, s.transporter.email, s.fleetManager.email]),
      (answer, { caller }) => {
        if (answer.status === 200 && caller && !JSON.stringify(answer.body).includes(caller.email))
          throw new Error(`the caller's own ${caller.email} is not in the export`);
      },
    ),
  },
  {
    op: 'POST /api/v1/user/me/erasure',
    owned: false,
    expect: anySignedIn(200),
    request: async (cell) => ({
      url: '/api/v1/user/me/erasure',
      body: { password: GOOD_PASSWORD },
      token: cell.caller ? (await freshOfCaller(cell)).accessToken : null,
    }),
  },

  // The caller's company and its verification documents.
  {
    op: 'PUT /api/v1/user/company',
    owned: false,
    expect: onlyRoles({ customer: 200, transporter: 200 }),
    note: 'Fleet managers may read the checklist but not change legal details (decision 005).',
    // A company of its own: new details put a verified company back in review.
    request: async ({ world, principal }) => ({
      url: '/api/v1/user/company',
      body: companyDetailsBody(),
      ...(principal.startsWith('customer') || principal.startsWith('transporter')
        ? {
            token: (
              await world.freshCompanyAccount(principal.startsWith('customer') ? 'CUSTOMER' : 'TRANSPORTER')
            ).accessToken,
          }
        : {}),
    }),
    snapshot: ({ world, caller }) =>
      caller ? world.stored('companies', { id: caller.companyId }) : Promise.resolve(null),
  },
  {
    op: 'GET /api/v1/company/message-spend',
    owned: false,
    expect: onlyRoles({ customer: 200, transporter: 200 }),
    note: "The company's owner account answers for what its messages cost; fleet managers do not see it.",
    request: () => ({ url: '/api/v1/company/message-spend' }),
  },
  {
    op: 'GET /api/v1/company/documents/validate',
    owned: false,
    expect: onlyRoles({ customer: 200, transporter: 200, fleetManager: 200 }),
    request: () => ({ url: '/api/v1/company/documents/validate' }),
  },
  {
    op: 'POST /api/v1/company/documents',
    owned: false,
    expect: onlyRoles({ customer: 201, transporter: 201 }),
    // A company of its own: a new document puts a verified company back in review.
    request: async ({ world, principal }) => ({
      url: '/api/v1/company/documents',
      multipart: { fields: { type: 'CAC_CERTIFICATE' }, file: world.files.pdf('cac.pdf') },
      ...(principal.startsWith('customer') || principal.startsWith('transporter')
        ? {
            token: (
              await world.freshCompanyAccount(principal.startsWith('customer') ? 'CUSTOMER' : 'TRANSPORTER')
            ).accessToken,
          }
        : {}),
    }),
  },
  {
    op: 'GET /api/v1/company/documents',
    owned: false,
    expect: onlyRoles({ customer: 200, transporter: 200, fleetManager: 200 }),
    request: () => ({ url: '/api/v1/company/documents' }),
    check: allOf(
      namesNothingOfOtherSide((s) => [s.customerDocument.id, s.transporterDocument.id]),
      (answer, { world, principal, caller }) => {
        const side = sideOf(principal);
        if (answer.status !== 200 || side === null) return;
        const mine =
          caller?.companyId === world.sides[side].customerCompanyId
            ? 'customerDocument'
            : 'transporterDocument';
        const id = world.sides[side][mine].id;
        if (!JSON.stringify(answer.body).includes(id))
          throw new Error(`its company's document ${id} is not listed`);
      },
    ),
  },
  {
    op: 'GET /api/v1/company/documents/{id}/file',
    expect: onlyRoles({ customer: own(200, 404), transporter: own(200, 404), fleetManager: own(200, 404) }),
    note: 'Admins read documents through the back office route, which names the company.',
    request: (cell) => ({ url: `/api/v1/company/documents/${companyDocumentFor(cell).id}/file` }),
  },

  // Back office: companies.
  {
    op: 'GET /api/v1/admin/companies',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/companies' }),
  },
  {
    op: 'GET /api/v1/admin/companies/{id}',
    expect: adminOnly(200),
    request: ({ side }) => ({ url: `/api/v1/admin/companies/${side.customerCompanyId}` }),
  },
  {
    op: 'GET /api/v1/admin/companies/{id}/message-spend',
    expect: adminOnly(200),
    request: ({ side }) => ({ url: `/api/v1/admin/companies/${side.customerCompanyId}/message-spend` }),
  },
  {
    op: 'PUT /api/v1/admin/companies/{id}/message-spend',
    expect: adminOnly(200),
    request: async ({ world, side, fresh }) => ({
      url: `/api/v1/admin/companies/${fresh ? (await world.freshCompanyAccount('CUSTOMER')).companyId : side.customerCompanyId}/message-spend`,
      body: { capKobo: 0 },
    }),
    snapshot: companyRow,
  },
  {
    op: 'GET /api/v1/admin/companies/{id}/documents/{documentId}/file',
    expect: adminOnly(200),
    request: ({ side }) => ({
      url: `/api/v1/admin/companies/${side.customerCompanyId}/documents/${side.customerDocument.id}/file`,
    }),
  },
  {
    op: 'GET /api/v1/admin/companies/{id}/documents/{documentId}/file',
    variant: "another company's document",
    expect: adminOnly(404),
    note: 'The document must belong to the company the path names.',
    request: ({ world, owner, side }) => ({
      url: `/api/v1/admin/companies/${side.customerCompanyId}/documents/${world.sides[owner === 'A' ? 'B' : 'A'].customerDocument.id}/file`,
    }),
  },
  {
    op: 'POST /api/v1/admin/companies/{id}/verify',
    expect: adminOnly(200),
    request: async ({ world, side, fresh }) => ({
      url: `/api/v1/admin/companies/${fresh ? (await world.freshCompanyInReview()).companyId : side.customerCompanyId}/verify`,
    }),
    snapshot: companyRow,
  },
  {
    op: 'POST /api/v1/admin/companies/{id}/reject',
    expect: adminOnly(200),
    request: async ({ world, side, fresh }) => ({
      url: `/api/v1/admin/companies/${fresh ? (await world.freshCompanyInReview()).companyId : side.customerCompanyId}/reject`,
      body: { reason: 'The CAC certificate is not legible' },
    }),
    snapshot: companyRow,
  },
  {
    op: 'POST /api/v1/admin/companies/{id}/suspend',
    expect: adminOnly(200),
    request: async ({ world, side, fresh }) => ({
      url: `/api/v1/admin/companies/${fresh ? (await world.freshCompanyAccount('CUSTOMER')).companyId : side.customerCompanyId}/suspend`,
      body: { reason: 'Unpaid invoices under investigation' },
    }),
    snapshot: companyRow,
  },
  {
    op: 'POST /api/v1/admin/companies/{id}/unsuspend',
    expect: adminOnly(200),
    request: async ({ world, side, fresh }) => {
      if (!fresh) return { url: `/api/v1/admin/companies/${side.customerCompanyId}/unsuspend` };
      const { companyId } = await world.freshCompanyAccount('CUSTOMER');
      await world.send(
        'POST',
        `/api/v1/admin/companies/${companyId}/suspend`,
        world.sessions.admin.accessToken,
        {
          reason: 'Unpaid invoices under investigation',
        },
      );
      return { url: `/api/v1/admin/companies/${companyId}/unsuspend` };
    },
    snapshot: companyRow,
  },

  // Back office: users.
  {
    op: 'GET /api/v1/admin/users',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/users' }),
  },
  {
    op: 'GET /api/v1/admin/users/{id}',
    expect: adminOnly(200),
    request: ({ side }) => ({ url: `/api/v1/admin/users/${side.customer.userId}` }),
  },
  {
    op: 'POST /api/v1/admin/users/{id}/deactivate',
    expect: adminOnly(200),
    request: async (cell) => ({
      url: `/api/v1/admin/users/${cell.fresh ? (await freshCustomerUserOf(cell)).userId : cell.side.customer.userId}/deactivate`,
      body: { reason: 'Left the company' },
    }),
    snapshot: userRow,
  },
  {
    op: 'POST /api/v1/admin/users/{id}/reactivate',
    expect: adminOnly(200),
    request: async (cell) => {
      if (!cell.fresh) return { url: `/api/v1/admin/users/${cell.side.customer.userId}/reactivate` };
      const { userId } = await freshCustomerUserOf(cell);
      await cell.world.send(
        'POST',
        `/api/v1/admin/users/${userId}/deactivate`,
        cell.world.sessions.admin.accessToken,
        {
          reason: 'Left the company',
        },
      );
      return { url: `/api/v1/admin/users/${userId}/reactivate` };
    },
    snapshot: userRow,
  },
  {
    op: 'POST /api/v1/admin/users/{id}/resend-activation',
    expect: adminOnly(200),
    request: async ({ world, owner, side, fresh }) => ({
      url: `/api/v1/admin/users/${fresh ? (await world.freshUnactivatedUser(owner)).id : side.customer.userId}/resend-activation`,
    }),
    snapshot: userRow,
  },
  {
    op: 'POST /api/v1/admin/users/{id}/erasure',
    expect: adminOnly(200),
    request: async (cell) => ({
      url: `/api/v1/admin/users/${cell.fresh ? (await freshCustomerUserOf(cell)).userId : cell.side.customer.userId}/erasure`,
      body: { reason: 'Asked by e-mail on 2 November' },
    }),
    snapshot: userRow,
  },
  {
    op: 'GET /api/v1/internal/user/search',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/internal/user/search?q=phoneNumber:08031234567' }),
  },
  {
    op: 'GET /api/v1/admin/audit-log',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/audit-log' }),
  },

  // Back office: reference data and platform terms, the platform's own; none belongs to a side.
  {
    op: 'GET /api/v1/admin/tracking-companies',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/tracking-companies' }),
  },
  {
    op: 'PATCH /api/v1/admin/tracking-companies/{id}',
    owned: false,
    expect: adminOnly(200),
    // Sets what is already there, so the tracking companies the other rows use stay as they are.
    request: async ({ world }) => {
      const [company] = (await world.read(
        '/api/v1/admin/tracking-companies',
        world.sessions.admin.accessToken,
      )) as {
        id: string;
        description: string;
      }[];
      return {
        url: `/api/v1/admin/tracking-companies/${company!.id}`,
        body: { description: company!.description },
      };
    },
  },
  {
    op: 'GET /api/v1/admin/shipping-lines',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/shipping-lines' }),
  },
  {
    op: 'POST /api/v1/admin/shipping-lines',
    owned: false,
    expect: adminOnly(201),
    request: () => ({ url: '/api/v1/admin/shipping-lines', body: shippingLineBody() }),
  },
  {
    op: 'GET /api/v1/admin/shipping-lines/{id}',
    owned: false,
    expect: adminOnly(200),
    request: ({ world }) => ({ url: `/api/v1/admin/shipping-lines/${world.refs.linerId}` }),
  },
  {
    op: 'PATCH /api/v1/admin/shipping-lines/{id}',
    owned: false,
    expect: adminOnly(200),
    request: async ({ world, fresh }) => ({
      url: `/api/v1/admin/shipping-lines/${fresh ? await freshShippingLine(world) : world.refs.linerId}`,
      body: { name: `Coastal Feeder Line ${uniqueCode('R')}` },
    }),
    snapshot: ({ world }) => world.stored('shippingLines', { id: world.refs.linerId }),
  },
  {
    op: 'PUT /api/v1/admin/shipping-lines/{id}/tariffs',
    owned: false,
    expect: adminOnly(200),
    request: async ({ world, fresh }) => ({
      url: `/api/v1/admin/shipping-lines/${fresh ? await freshShippingLine(world) : world.refs.linerId}/tariffs`,
      body: {
        tariffs: [
          {
            containerSize: 'FTS_20',
            freeDays: 7,
            demurrageKoboPerDay: 2_500_000,
            detentionKoboPerDay: 1_500_000,
          },
        ],
      },
    }),
    snapshot: ({ world }) => world.stored('shippingLineTariffs', { shippingLineId: world.refs.linerId }),
  },
  {
    op: 'GET /api/v1/admin/terminals',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/terminals' }),
  },
  {
    op: 'POST /api/v1/admin/terminals',
    owned: false,
    expect: adminOnly(201),
    request: () => ({ url: '/api/v1/admin/terminals', body: terminalBody() }),
  },
  {
    op: 'GET /api/v1/admin/terminals/{id}',
    owned: false,
    expect: adminOnly(200),
    request: ({ world }) => ({ url: `/api/v1/admin/terminals/${world.refs.terminalId}` }),
  },
  {
    op: 'PATCH /api/v1/admin/terminals/{id}',
    owned: false,
    expect: adminOnly(200),
    request: async ({ world, fresh }) => {
      const id = fresh
        ? (
            (await world.send(
              'POST',
              '/api/v1/admin/terminals',
              world.sessions.admin.accessToken,
              terminalBody(),
            )) as {
              id: string;
            }
          ).id
        : world.refs.terminalId;
      return { url: `/api/v1/admin/terminals/${id}`, body: { operator: 'Lagos Depots Ltd' } };
    },
    snapshot: ({ world }) => world.stored('terminals', { id: world.refs.terminalId }),
  },
  {
    op: 'GET /api/v1/admin/platform-settings',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/platform-settings' }),
  },
  {
    op: 'PUT /api/v1/admin/platform-settings',
    owned: false,
    expect: adminOnly(200),
    // The terms in force, sent again: invoices of the other rows keep their figures.
    request: async ({ world }) => {
      const terms = (await world.read(
        '/api/v1/admin/platform-settings',
        world.sessions.admin.accessToken,
      )) as {
        commissionBasisPoints: number;
        paymentTermsDays: number;
      };
      return {
        url: '/api/v1/admin/platform-settings',
        body: {
          commissionBasisPoints: terms.commissionBasisPoints,
          paymentTermsDays: terms.paymentTermsDays,
        },
      };
    },
    snapshot: ({ world }) => world.stored('platformSettings', {}),
  },

  {
    op: 'GET /api/v1/company/scorecard',
    owned: false,
    // The back office's own company is the platform, which has no card.
    expect: { anonymous: 401, customer: 200, transporter: 200, fleetManager: 200, admin: 404 },
    request: () => ({ url: '/api/v1/company/scorecard' }),
  },
  {
    op: 'GET /api/v1/admin/diesel-prices',
    owned: false,
    expect: adminOnly(200),
    request: () => ({ url: '/api/v1/admin/diesel-prices' }),
  },
  {
    op: 'POST /api/v1/admin/diesel-prices',
    owned: false,
    expect: adminOnly(201),
    request: () => ({
      url: '/api/v1/admin/diesel-prices',
      body: { koboPerLitre: 125_000, asOf: lagosToday() },
    }),
  },

  // Lookups for the order form: anyone signed in.
  {
    op: 'GET /api/v1/lookups/terminals',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/lookups/terminals' }),
  },
  {
    op: 'GET /api/v1/lookups/liners',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/lookups/liners' }),
  },
];

/** A new shipping line made by the admin, for cells that change one. */
async function freshShippingLine(world: Cell['world']): Promise<string> {
  const line = (await world.send('POST', '/api/v1/admin/shipping-lines', world.sessions.admin.accessToken, {
    ...shippingLineBody(),
  })) as { id: string };
  return line.id;
}
