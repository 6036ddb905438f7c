import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { Database } from './db/client';
import type { Env } from './env';
import { TokenSigner } from './lib/jwt';
import { resolveTrackingKey } from './lib/secret';
import { SecretBox } from './lib/secret-box';
import { answerClientError, answerFrameworkError, refusedForMissingHost } from './plugins/client-errors';
import { registerErrorHandling } from './plugins/errors';
import { refuseUnstorableText } from './plugins/input-text';
import { JobQueue } from './plugins/jobs';
import { MAIL_JOB, outboxMailer, smtpMailer, type MailMessage, type Mailer } from './plugins/mail';
import { registerOpenApi } from './plugins/openapi';
import { sendSecurityHeaders } from './plugins/security-headers';
import { RateLimiter } from './plugins/rate-limit';
import { localStorage } from './plugins/storage';
import { s3Storage } from './plugins/s3-storage';
import { TripEvents } from './plugins/trip-events';
import { CompanyAnswers } from './plugins/company-answers';
import { PrincipalCache } from './plugins/principal-cache';
import { serveWebApp } from './web-app';
import { adminCompanyRoutes } from './modules/admin/admin-company.routes';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes';
import { adminUserRoutes } from './modules/admin/admin-user.routes';
import { auditLogRoutes } from './modules/admin/audit-log.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bidRoutes } from './modules/bid/bid.routes';
import { companyRoutes } from './modules/company/company.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { outboxRoutes } from './modules/dev/outbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { lookupRoutes } from './modules/lookup/lookup.routes';
import { orderRoutes } from './modules/order/order.routes';
import { partnerRoutes } from './modules/partner/partner.routes';
import { tripRoutes } from './modules/trip/trip.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { trackingLinkRoutes } from './modules/tracking/tracking-link.routes';
import { ongoingLinkRoutes } from './modules/tracking/ongoing-link.routes';
import { trackingEventRoutes } from './modules/tracking/tracking-events.routes';
import { PublicTracking } from './modules/tracking/public-tracking';
import { tripOperationsRoutes } from './modules/trip/trip-operations.routes';
import { tripMapRoutes } from './modules/trip-map/trip-map.routes';
import { fleetRoutes } from './modules/fleet/fleet.routes';
import { userSearchRoutes } from './modules/admin/user-search.routes';
import { tripIssueRoutes } from './modules/trip-issue/trip-issue.routes';
import { tripDocumentRoutes } from './modules/trip-document/trip-document.routes';
import { invoiceRoutes } from './modules/invoice/invoice.routes';
import { paymentRoutes } from './modules/payment/payment.routes';
import { payoutRoutes } from './modules/payment/payout.routes';
import { paystackSimulatorRoutes } from './modules/payment/paystack-simulator.routes';
import { buildPayments } from './modules/payment/payments';
import { freeTimeRoutes } from './modules/container/free-time.routes';
import { waitingTermsRoutes } from './modules/company/waiting-terms.routes';
import { reportRoutes } from './modules/report/report.routes';
import { truckTrackingRoutes } from './modules/truck-tracking/truck-tracking.routes';
import { TrackingPoller } from './modules/truck-tracking/tracking-poller';
import { TripMapCache } from './modules/trip-map/trip-map-cache';
import { PhonePositionBatcher } from './modules/truck-tracking/phone-position-batch';
import { TripWatch } from './modules/truck-tracking/trip-watch';
import { driverPhoneRoutes } from './modules/truck-tracking/driver-phone.routes';
import { userRoutes } from './modules/user/user.routes';
import { notificationRoutes } from './modules/notification/notification.routes';
import { UserNotifications } from './modules/notification/notification-stream';
import { WebPush } from './modules/notification/web-push';
import {
  DELIVERY_MAX_ATTEMPTS,
  deliver,
  deliveryBackoffSeconds,
} from './modules/notification/notification-delivery';
import {
  fanOut,
  NOTIFICATION_DELIVERY_JOB,
  NOTIFICATION_FANOUT_JOB,
  type DeliveryJob,
  type NotificationEvent,
} from './modules/notification/notification-fanout';
import { UnsubscribeTokens } from './lib/unsubscribe-token';
import { INVOICE_REMINDER_JOB, remindInvoice } from './modules/invoice/invoice-reminders';
import {
  LICENCE_EXPIRY_SWEEP_JOB,
  nextLicenceSweepAt,
  sweepLicenceExpiry,
} from './modules/fleet/licence-expiry';
import {
  BIDDING_CLOSED_JOB,
  ORDER_OPENED_JOB,
  tellBiddingClosed,
  tellTransportersOfOrder,
} from './modules/order/order-announcements';
import { FREE_TIME_ALERT_JOB, sendFreeTimeAlert } from './modules/trip/free-time-alerts';

export interface BuildOptions {
  env: Env;
  database: Database;
  jwtSecret: string;
  /** The 32-byte key of the secret box; from TRACKING_SECRET_KEY or the data folder when not given. */
  trackingKey?: Buffer;
  mailer?: Mailer;
}

/** The origin of a tile URL template, for the CSP (the {s} subdomain placeholder becomes a wildcard). */
function tileOrigin(template: string): string {
  const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0'));
  return template.includes('{s}.')
    ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`
    : url.origin;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { env, database } = options;
  let publicTracking: PublicTracking | null = null;
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.deviceid'],
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // The server is ours so that the public tracking lookups memory can answer skip fastify's request
    // handling (tracking-fast-lane.ts); every other request goes to fastify as usual.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    serverFactory: (handler) => {
      // Node's own answer to a request without a Host header has no body: refusedForMissingHost gives it ours.
      const server = http.createServer({ requireHostHeader: false }, (req, res) => {
        if (refusedForMissingHost(req, res)) return;
        let answered = false;
        try {
          answered = publicTracking !== null && publicTracking.fastLane.answer(req, res);
        } catch (error) {
          // Never expected; logged, and the request goes to fastify unless an answer had begun.
          app.log.error({ err: error }, 'the public fast lane failed');
          if (res.headersSent) {
            res.destroy();
            return;
          }
        }
        if (!answered) handler(req, res);
      });
      // Fastify's own default, which it sets only on servers it makes: idle keep-alive connections live 72 s.
      server.keepAliveTimeout = 72_000;
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);

  const outboxDir = path.join(env.dataDir, 'outbox');
  const mailer =
    options.mailer ??
    (env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(outboxDir, env.MAIL_FROM));
  const jobs = new JobQueue(database.db, env.JOBS_POLL_MS, app.log, env.JOBS_LEASE_SECONDS);
  jobs.handle(MAIL_JOB, (payload) => mailer.send(payload as MailMessage));

  const tripEvents = new TripEvents(database);
  publicTracking = new PublicTracking({ env, database, db: database.db, tripEvents }, app.log);
  const secretBox = new SecretBox(options.trackingKey ?? resolveTrackingKey(env));
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    jobs,
    mailer,
    outboxDir,
    rateLimiter: new RateLimiter(database.db, env.RATE_LIMIT_ENABLED),
    tokens: new TokenSigner(options.jwtSecret, env.ACCESS_TOKEN_TTL_SECONDS, env.REFRESH_TOKEN_TTL_SECONDS),
    storage: env.s3 ? s3Storage(env.s3) : localStorage(env.uploadDir),
    tripEvents,
    principals: new PrincipalCache(database),
    answers: new CompanyAnswers(database),
    secretBox,
    trackingPoller: new TrackingPoller({ db: database.db, env, secretBox }, app.log),
    tripWatch: new TripWatch({ db: database.db, env, jobs }, app.log),
    publicTracking,
    tripMaps: new TripMapCache(env.MAP_CACHE_SECONDS * 1000),
    phonePositions: new PhonePositionBatcher({ db: database.db }),
    push: new WebPush({ db: database.db, env, secretBox }),
    unsubscribeTokens: new UnsubscribeTokens(options.jwtSecret),
    userNotifications: new UserNotifications(database),
    payments: buildPayments(env),
  };
  jobs.handle(ORDER_OPENED_JOB, (payload) =>
    tellTransportersOfOrder(ctx, payload as Parameters<typeof tellTransportersOfOrder>[1]),
  );
  jobs.handle(BIDDING_CLOSED_JOB, (payload) =>
    tellBiddingClosed(ctx, payload as Parameters<typeof tellBiddingClosed>[1]),
  );
  jobs.handle(INVOICE_REMINDER_JOB, (payload) =>
    remindInvoice(ctx, payload as Parameters<typeof remindInvoice>[1]),
  );
  jobs.handle(FREE_TIME_ALERT_JOB, (payload) =>
    sendFreeTimeAlert(ctx, payload as Parameters<typeof sendFreeTimeAlert>[1]),
  );
  jobs.every(LICENCE_EXPIRY_SWEEP_JOB, nextLicenceSweepAt, async () => {
    await sweepLicenceExpiry(ctx);
  });
  jobs.handle(NOTIFICATION_FANOUT_JOB, async (payload) => {
    await fanOut(ctx, payload as NotificationEvent);
  });
  jobs.handle(
    NOTIFICATION_DELIVERY_JOB,
    (payload, attempt) => deliver(ctx, payload as DeliveryJob, attempt),
    {
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
      backoffSeconds: deliveryBackoffSeconds,
    },
  );
  await ctx.tripEvents.start();
  await ctx.principals.start();
  await ctx.answers.start();
  await ctx.userNotifications.start();

  sendSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map tiles come from their own server (MAP_TILE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(env.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // The driver page is an installable app: its manifest and its offline worker (/driver/).
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Uploads are read part by part; each route sets its own size limit (10 MB at most).
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  registerErrorHandling(app);
  refuseUnstorableText(app);
  await registerOpenApi(app);

  healthRoutes(app, ctx);
  userRoutes(app, ctx);
  authRoutes(app, ctx);
  companyRoutes(app, ctx);
  adminCompanyRoutes(app, ctx);
  referenceDataRoutes(app, ctx);
  adminUserRoutes(app, ctx);
  auditLogRoutes(app, ctx);
  lookupRoutes(app, ctx);
  orderRoutes(app, ctx);
  partnerRoutes(app, ctx);
  bidRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  tripRoutes(app, ctx);
  trackingRoutes(app, ctx);
  trackingLinkRoutes(app, ctx);
  trackingEventRoutes(app, ctx);
  ongoingLinkRoutes(app, ctx);
  tripOperationsRoutes(app, ctx);
  tripMapRoutes(app, ctx);
  fleetRoutes(app, ctx);
  userSearchRoutes(app, ctx);
  tripIssueRoutes(app, ctx);
  tripDocumentRoutes(app, ctx);
  invoiceRoutes(app, ctx);
  paymentRoutes(app, ctx);
  payoutRoutes(app, ctx);
  if (ctx.payments.simulator && env.NODE_ENV !== 'production') paystackSimulatorRoutes(app, ctx);
  freeTimeRoutes(app, ctx);
  waitingTermsRoutes(app, ctx);
  reportRoutes(app, ctx);
  truckTrackingRoutes(app, ctx);
  driverPhoneRoutes(app, ctx);
  notificationRoutes(app, ctx);
  // Only where mail goes to the outbox folder, and never in production: the outbox holds every activation
  // and reset link, so a server that sends real mail (SMTP_URL) serves no outbox even if NODE_ENV was left out.
  if (env.NODE_ENV !== 'production' && !env.SMTP_URL && !options.mailer) outboxRoutes(app, ctx);

  await serveWebApp(app, env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST);

  app.addHook('onClose', async () => {
    ctx.publicTracking.stop();
    await ctx.tripEvents.stop();
    await ctx.principals.stop();
    await ctx.answers.stop();
    await jobs.stop();
    await ctx.trackingPoller.stop();
    await ctx.tripWatch.stop();
    mailer.close();
  });
  return { app, ctx };
}
