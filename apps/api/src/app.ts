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
import { fastLaneAnswers } from './lib/metrics';
import { resolveTrackingKey } from './lib/secret';
import { SecretBox } from './lib/secret-box';
import { answerClientError, answerFrameworkError, refusedForMissingHost } from './plugins/client-errors';
import { registerErrorHandling } from './plugins/errors';
import { refuseUnstorableText } from './plugins/input-text';
import { JobQueue } from './plugins/jobs';
import { MAIL_JOB, outboxMailer, smtpMailer, type MailMessage, type Mailer } from './plugins/mail';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestTracing } from './plugins/tracing';
import { sendSecurityHeaders } from './plugins/security-headers';
import { RateLimiter } from './plugins/rate-limit';
import { localStorage } from './plugins/storage';
import { s3Storage } from './plugins/s3-storage';
import { TripEvents } from './plugins/trip-events';
import { CompanyAnswers } from './plugins/company-answers';
import { ReplicaReads } from './plugins/replica-reads';
import { PrincipalCache } from './plugins/principal-cache';
import { serveWebApp } from './web-app';
import { registerAdmin } from './modules/admin';
import { registerAuth } from './modules/auth';
import { registerBid } from './modules/bid';
import { registerCompany } from './modules/company';
import { registerDashboard } from './modules/dashboard';
import { registerDev } from './modules/dev';
import { registerFleet } from './modules/fleet';
import { registerFreeTime } from './modules/free-time';
import { registerHealth } from './modules/health';
import { registerRetention } from './modules/retention';
import { registerInvoice } from './modules/invoice';
import { registerLookup } from './modules/lookup';
import { registerMessageSpend } from './modules/message-spend';
import { registerNotification, UserNotifications, WebPush } from './modules/notification';
import { registerOrder } from './modules/order';
import { registerPartner } from './modules/partner';
import { registerDirectory } from './modules/directory';
import { registerRateGuidance } from './modules/rate-guidance';
import { buildPayments, registerPayment } from './modules/payment';
import { PhoneCodeHasher, registerPhoneVerification } from './modules/phone-verification';
import { PublicTracking, registerPublicTracking } from './modules/public-tracking';
import { registerRating } from './modules/rating';
import { registerReturnLoad } from './modules/return-load';
import { registerRoadMoney } from './modules/road-money';
import { registerCallUp } from './modules/call-up';
import { registerDossier } from './modules/dossier';
import { registerScorecard } from './modules/scorecard';
import { registerReferenceData } from './modules/reference-data';
import { registerReport } from './modules/report';
import { buildSms, registerSms } from './modules/sms';
import { buildWhatsapp, queueWhatsapp, registerWhatsapp } from './modules/whatsapp';
import { PhonePositionBatcher, PositionPoller, registerTelematics, TripWatch } from './modules/telematics';
import { registerTrip } from './modules/trip';
import { registerTripMap, TripMapCache } from './modules/trip-map';
import { registerUser } from './modules/user';
import { registerUssd } from './modules/ussd';
import { UnsubscribeTokens } from './lib/unsubscribe-token';

export interface BuildOptions {
  env: Env;
  database: Database;
  /** A streaming standby of `database` for the heavy reads (DATABASE_REPLICA_URL); none by default. */
  replica?: Database;
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
    // handling (public-tracking-fast-lane.ts); every other request goes to fastify as usual.
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
        if (answered) fastLaneAnswers.inc();
        else handler(req, res);
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
  const answers = new CompanyAnswers(database);
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
    answers,
    replica: new ReplicaReads(
      database.db,
      options.replica?.db ?? null,
      answers,
      { maxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS },
      undefined,
      app.log,
    ),
    secretBox,
    positionPoller: new PositionPoller({ db: database.db, env, secretBox }, app.log),
    tripWatch: new TripWatch({ db: database.db, env, jobs }, app.log),
    publicTracking,
    tripMaps: new TripMapCache(env.MAP_CACHE_SECONDS * 1000),
    phonePositions: new PhonePositionBatcher({ db: database.db }),
    push: new WebPush({ db: database.db, env, secretBox }),
    unsubscribeTokens: new UnsubscribeTokens(options.jwtSecret),
    userNotifications: new UserNotifications(database),
    payments: buildPayments(env),
    sms: buildSms(env),
    phoneCodes: new PhoneCodeHasher(options.jwtSecret),
    whatsapp: buildWhatsapp(env),
  };
  await ctx.tripEvents.start();
  await ctx.principals.start();
  await ctx.answers.start();
  ctx.replica.start();
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
  await registerMetrics(app, ctx);
  registerRequestTracing(app);

  // Each module registers its routes and its jobs through its face (modules/<name>/index.ts).
  registerHealth(app, ctx);
  registerUser(app, ctx);
  registerAuth(app, ctx);
  registerCompany(app, ctx);
  registerAdmin(app, ctx);
  registerReferenceData(app, ctx);
  registerLookup(app, ctx);
  registerOrder(app, ctx);
  registerPartner(app, ctx);
  registerDirectory(app, ctx);
  registerRateGuidance(app, ctx);
  registerBid(app, ctx);
  registerDashboard(app, ctx);
  registerTrip(app, ctx);
  registerRating(app, ctx);
  registerScorecard(app, ctx);
  registerReturnLoad(app, ctx);
  registerRoadMoney(app, ctx);
  registerCallUp(app, ctx);
  registerDossier(app, ctx);
  registerPublicTracking(app, ctx);
  registerTripMap(app, ctx);
  registerFleet(app, ctx);
  registerInvoice(app, ctx);
  registerPayment(app, ctx);
  registerFreeTime(app, ctx);
  registerReport(app, ctx);
  registerTelematics(app, ctx);
  registerNotification(app, ctx, { queueWhatsapp });
  registerSms(app, ctx);
  registerWhatsapp(app, ctx);
  registerUssd(app, ctx);
  registerPhoneVerification(app, ctx);
  registerMessageSpend(app, ctx);
  registerRetention(app, ctx);
  // Only where mail goes to the outbox folder, and never in production: the outbox holds every activation
  // and reset link, so a server that sends real mail (SMTP_URL) serves no outbox even if NODE_ENV was left out.
  if (env.NODE_ENV !== 'production' && !env.SMTP_URL && !options.mailer) registerDev(app, ctx);

  await serveWebApp(app, env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST);

  app.addHook('onClose', async () => {
    ctx.publicTracking.stop();
    await ctx.tripEvents.stop();
    await ctx.principals.stop();
    ctx.replica.stop();
    await ctx.answers.stop();
    await jobs.stop();
    await ctx.positionPoller.stop();
    await ctx.tripWatch.stop();
    mailer.close();
  });
  return { app, ctx };
}
