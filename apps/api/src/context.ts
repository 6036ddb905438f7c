import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { JobQueue } from './plugins/jobs';
import type { Mailer } from './plugins/mail';
import type { CompanyAnswers } from './plugins/company-answers';
import type { PrincipalCache } from './plugins/principal-cache';
import type { RateLimiter } from './plugins/rate-limit';
import type { Storage } from './plugins/storage';
import type { TripEvents } from './plugins/trip-events';
import type { TokenSigner } from './lib/jwt';
import type { SecretBox } from './lib/secret-box';
import type { PublicTracking } from './modules/tracking/public-tracking';
import type { TripMapCache } from './modules/trip-map/trip-map-cache';
import type { PhonePositionBatcher } from './modules/truck-tracking/phone-position-batch';
import type { TrackingPoller } from './modules/truck-tracking/tracking-poller';
import type { TripWatch } from './modules/truck-tracking/trip-watch';
import type { UnsubscribeTokens } from './lib/unsubscribe-token';
import type { UserNotifications } from './modules/notification/notification-stream';
import type { WebPush } from './modules/notification/web-push';
import type { Payments } from './modules/payment/payments';

/** What services need from the outside world, built once per app. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  outboxDir: string;
  rateLimiter: RateLimiter;
  tokens: TokenSigner;
  storage: Storage;
  /** Committed trip changes, for live pages and caches. */
  tripEvents: TripEvents;
  /** Who each live session acts for, remembered per instance until the database announces a change. */
  principals: PrincipalCache;
  /** Companies' signed-in answers (their lists), remembered per instance until a change to them commits. */
  answers: CompanyAnswers;
  /** Encrypts and opens the secrets kept in the database (tracking accounts' passwords and tokens). */
  secretBox: SecretBox;
  /** Reads positions from the tracking companies through the transporters' accounts. */
  trackingPoller: TrackingPoller;
  /** Reads live trips' tracks for geofence arrivals and alarms (started by server.ts, not by tests). */
  tripWatch: TripWatch;
  /** The public pages' answers in memory, their per-IP limits and their fast lane. */
  publicTracking: PublicTracking;
  /** Drivers' phone positions, stored together in batches as they arrive. */
  phonePositions: PhonePositionBatcher;
  /** Each company's live map answer, reused for a few seconds. */
  tripMaps: TripMapCache;
  /** Web Push to browsers, with the platform's VAPID key pair. */
  push: WebPush;
  /** Signs and checks the one-click unsubscribe links of e-mails. */
  unsubscribeTokens: UnsubscribeTokens;
  /** Users' live notification streams on this instance, told of each new one by the database. */
  userNotifications: UserNotifications;
  /** The payment provider (or none: bank transfers only) and the simulated checkout's memory in development. */
  payments: Payments;
}
