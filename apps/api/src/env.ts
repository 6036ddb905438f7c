import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ error: 'must be an absolute URL such as https://freightlane.ng' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
  DATABASE_PARALLEL_WORKERS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(16).default(0),
  /**
   * A streaming standby of DATABASE_URL (pg_basebackup -R): reports, their exports and the map read from it
   * while it is caught up with the caller's own changes and within DATABASE_REPLICA_MAX_LAG_MS (decision 043).
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A replica further behind the primary than this (ms) is not read from. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(100)
    .max(60_000)
    .default(5_000),
  /**
   * GET /metrics (Prometheus text) on the app's port for a scraper that sends this token as a bearer token;
   * without it, /metrics on the app's port answers 404. At least 32 characters.
   */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  /** A port of its own for GET /metrics, without a token, on METRICS_HOST (the machine only, by default). */
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * The uploads folder; DATA_DIR/uploads unless set. Several instances share uploads by mounting one
   * folder here while each keeps its own DATA_DIR, unless S3 storage is configured instead.
   */
  UPLOAD_DIR: z.string().min(1).optional(),
  /**
   * An S3-compatible bucket for uploads instead of a folder. S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY together, or none of them; S3_ENDPOINT names a store other than AWS (MinIO, R2,
   * Spaces ...), and S3_FORCE_PATH_STYLE puts the bucket in the path instead of the host name.
   */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://minio.internal:9000' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,50}$/, 'must be a region such as eu-west-1 (auto for Cloudflare R2)')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, 'must be an access key id (printable characters, no spaces)')
    .optional(),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{8,256}$/, 'must be a secret access key (8 or more printable characters, no spaces)')
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Whether the embedded database (no DATABASE_URL) runs on a thread of its own, off the event loop. */
  PGLITE_THREAD: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(60)
    .max(3600)
    .default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(3600)
    .max(60 * 60 * 24 * 90)
    .default(60 * 60 * 24 * 30),
  /** 32 random bytes, base64 or base64url: the key that encrypts tracking accounts' passwords and tokens. */
  TRACKING_SECRET_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64url').length === 32,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** How often each tracking account's provider is asked for positions. */
  TRACKING_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(5)
    .max(3600)
    .default(60),
  /** How often each live trip's track is read for arrivals and alarms. */
  TRACKING_WATCH_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(5)
    .max(3600)
    .default(60),
  /**
   * Lets tracking accounts point at this machine or a private network (a Traccar server beside the API,
   * tests). Off by default, so a saved address cannot make the platform read its own network.
   */
  TRACKING_ALLOW_INTERNAL_HOSTS: booleanFlag.default(false),
  /**
   * Days raw positions are kept (decision 041); older days are dropped a partition at a time, after each
   * finished trip's route is kept. At least the week a position may arrive late, plus a day.
   */
  TRACKING_HISTORY_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int()
    .min(8)
    .max(3650)
    .default(90),
  /**
   * How fast the Simulator provider's demo trucks drive. A demo or a browser test raises it to watch a
   * whole trip, arrivals and alarms included, in a minute or two.
   */
  SIMULATOR_SPEED_KMH: z.coerce
    .number({ error: 'must be a number of km/h' })
    .int()
    .min(1)
    .max(10_000)
    .default(40),
  /**
   * Seconds a company's live map answer is reused before it is read again. Positions arrive every 30 s
   * or so, so a few seconds cost nothing a user sees and spare the database one big read per viewer;
   * an answer older than this is still sent while the next one is read, up to ten times this age.
   */
  MAP_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(0)
    .max(300)
    .default(5),
  /** The map tiles the web app draws trucks on ({z}/{x}/{y} template); OpenStreetMap's by default. */
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/,
      'must be an http(s) tile URL with {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Freightlane <no-reply@freightlane.ng>'),
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_ENABLED: booleanFlag.default(true),
  /** Public tracking GETs (page, ongoing table, live events) one IP may make per minute. */
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of requests' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(300),
  /** Lookups of unknown tracking or share ids one IP may make per 10 minutes, so ids cannot be guessed. */
  PUBLIC_MISS_LIMIT_PER_10_MINUTES: z.coerce
    .number({ error: 'must be a number of requests' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(30),
  /**
   * Public tracking answers kept in memory per API instance: the warm read model's trips (about 1 KB each,
   * 0.15 KB of it on the V8 heap) and the answers loaded on demand (at most 50,000 of those). 0 turns both off.
   */
  TRACKING_CACHE_ENTRIES: z.coerce
    .number({ error: 'must be a number of entries' })
    .int()
    .min(0)
    .max(10_000_000)
    .default(1_000_000),
  /**
   * Whether the server loads every trip's tracking answer into memory at start (and refreshes it every
   * 15 minutes), so no lookup of an existing trip waits for the database.
   */
  TRACKING_CACHE_WARM: booleanFlag.default(true),
  /**
   * The Web Push (VAPID) key pair, base64url, as `npx web-push generate-vapid-keys` prints it. Both or
   * neither: without them the first instance to start makes a pair and keeps it in the database (the
   * private key sealed by the secret box), so every instance signs with the same one.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about this server's pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: address')
    .optional(),
  /**
   * Lets push subscriptions point at this machine or a private network (tests run a push service on
   * loopback). Off by default: a browser's subscription is input, and the server must not be made to
   * post to its own network.
   */
  PUSH_ALLOW_INTERNAL_HOSTS: booleanFlag.default(false),
  /**
   * The payment provider's secret key (Paystack's sk_live_… or sk_test_…): it authorises the API's calls
   * to the provider and signs the provider's webhooks. Without it, online payment is off in production.
   */
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^\S{16,200}$/, 'must be the secret key from the Paystack dashboard (sk_live_… or sk_test_…)')
    .optional(),
  /** Where the provider's API is: Paystack's own unless a compatible provider or the simulator stands in. */
  PAYSTACK_BASE_URL: z.url({ error: 'must be an absolute URL such as https://api.paystack.co' }).optional(),
  /**
   * Serves a local stand-in for the provider's checkout under /api/v1/dev/paystack (never in production).
   * On by default outside production when no PAYSTACK_SECRET_KEY is set.
   */
  PAYSTACK_SIMULATOR: booleanFlag.optional(),
  /**
   * Who sends text messages: `termii` (Termii's API), `simulator` (a local stand-in that speaks Termii's
   * protocol under /api/dev/termii, never in production) or `none`. Termii when TERMII_API_KEY is set;
   * otherwise the simulator outside production and none in production.
   */
  SMS_PROVIDER: z
    .enum(['termii', 'simulator', 'none'], { error: 'must be termii, simulator or none' })
    .optional(),
  /** The same choice as PAYSTACK_SIMULATOR makes for payments: true is SMS_PROVIDER=simulator. */
  SMS_SIMULATOR: booleanFlag.optional(),
  /** Termii's API key: it authorises the API's calls to send. */
  TERMII_API_KEY: z
    .string()
    .regex(/^\S{16,200}$/, 'must be the API key from the Termii dashboard (16 or more characters, no spaces)')
    .optional(),
  /** Termii's secret key: it signs the delivery reports (X-Termii-Signature). Required in production. */
  TERMII_SECRET_KEY: z
    .string()
    .regex(
      /^\S{16,200}$/,
      'must be the secret key from the Termii dashboard (16 or more characters, no spaces)',
    )
    .optional(),
  /** Where Termii's API is: its own unless another region's address or the simulator stands in. */
  TERMII_BASE_URL: z.url({ error: 'must be an absolute URL such as https://api.ng.termii.com' }).optional(),
  /** The sender id handsets show: registered with the gateway, 3 to 11 characters. */
  SMS_SENDER_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9](?:[A-Za-z0-9 .&-]{1,9})[A-Za-z0-9.]$/,
      'must be 3 to 11 letters or digits (spaces, dots, dashes and & inside), the sender id registered with the gateway',
    )
    .default('Freightlane'),
  /**
   * The gateway's route: `dnd` also reaches numbers on the Do-Not-Disturb register, which every message of
   * the platform (transactional) must; `generic` is cheaper and does not.
   */
  SMS_ROUTE: z.enum(['generic', 'dnd'], { error: 'must be generic or dnd' }).default('dnd'),
  /** What one SMS part costs the platform, in kobo (400 = ₦4): each message's cost is its parts at this price. */
  SMS_PRICE_KOBO: z.coerce
    .number({ error: 'must be a whole number of kobo' })
    .int({ error: 'must be a whole number of kobo' })
    .min(0, 'must be a whole number of kobo')
    .max(100_000, 'must be at most 100000 kobo (₦1,000) per part')
    .default(400),
  /**
   * Who sends WhatsApp messages: `cloud` (the WhatsApp Business Cloud API), `simulator` (a local stand-in
   * speaking its protocol under /api/dev/whatsapp, never in production) or `none`. The Cloud API when
   * WHATSAPP_TOKEN is set; otherwise the simulator outside production and none in production.
   */
  WHATSAPP_PROVIDER: z
    .enum(['cloud', 'simulator', 'none'], { error: 'must be cloud, simulator or none' })
    .optional(),
  /** true is WHATSAPP_PROVIDER=simulator, as SMS_SIMULATOR is for SMS. */
  WHATSAPP_SIMULATOR: booleanFlag.optional(),
  /** The system user's access token: it authorises the API's calls to send. */
  WHATSAPP_TOKEN: z
    .string()
    .regex(
      /^\S{16,1000}$/,
      'must be the access token from Meta Business Manager (16 or more characters, no spaces)',
    )
    .optional(),
  /** The business phone number's id in the Cloud API (not the number itself). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'must be the phone number id from the WhatsApp Manager (digits only)')
    .optional(),
  /** The Meta app's secret: it signs the webhook notifications (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z
    .string()
    .regex(
      /^\S{16,200}$/,
      "must be the app secret from the Meta app's settings (16 or more characters, no spaces)",
    )
    .optional(),
  /** The token Meta echoes when it verifies the webhook's address (GET with hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .regex(/^\S{16,200}$/, 'must be 16 or more characters without spaces, the same as in the Meta app')
    .optional(),
  /** The Graph API version in the send address. */
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, 'must be a Graph API version such as v21.0')
    .default('v21.0'),
  /** Where the Graph API is: Meta's own unless the simulator stands in. */
  WHATSAPP_BASE_URL: z
    .url({ error: 'must be an absolute URL such as https://graph.facebook.com' })
    .optional(),
  /** What one template message costs the platform, in kobo (Meta's utility conversation price for Nigeria). */
  WHATSAPP_PRICE_KOBO: z.coerce
    .number({ error: 'must be a whole number of kobo' })
    .int({ error: 'must be a whole number of kobo' })
    .min(0, 'must be a whole number of kobo')
    .max(100_000, 'must be at most 100000 kobo (₦1,000) per message')
    .default(1000),
  /**
   * The most a company's SMS and WhatsApp messages may cost in a calendar month (Lagos time) unless the back
   * office sets the company a cap of its own: 5,000,000 kobo is ₦50,000. Paid messages past it are refused.
   */
  MESSAGE_SPEND_CAP_KOBO: z.coerce
    .number({ error: 'must be a whole number of kobo' })
    .int({ error: 'must be a whole number of kobo' })
    .min(0, 'must be a whole number of kobo')
    .max(1_000_000_000, 'must be at most 1000000000 kobo (₦10,000,000) a month')
    .default(5_000_000),
  /**
   * Quiet hours for SMS and WhatsApp: between 21:00 and 06:00 Lagos time a message that can wait is held
   * until 06:00. On unless set to false (the API tests turn it off but for their own quiet-hours cases, so a
   * test's messages do not depend on the hour it runs at).
   */
  MESSAGE_QUIET_HOURS: booleanFlag.default(true),
  /**
   * The secret in the address Africa's Talking calls for each USSD screen
   * (/api/v1/ussd/africastalking/{secret}): the gateway does not sign its callbacks, so this is what
   * tells its calls from anyone else's. Required in production when USSD is on.
   */
  USSD_CALLBACK_SECRET: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{24,200}$/,
      'must be 24 or more letters, digits, dashes or underscores (it is part of the callback address)',
    )
    .optional(),
  /**
   * The USSD code drivers dial, as Africa's Talking gave it (e.g. *384*1234#). Setting it turns the USSD
   * menu on in production; outside production the menu is on with a sample code.
   */
  USSD_SERVICE_CODE: z
    .string()
    .regex(/^\*\d{1,4}(\*\d{1,6}){0,3}#$/, 'must be a USSD code such as *384*1234#')
    .optional(),
  /**
   * The addresses the gateway calls from, comma-separated (IPv4 or IPv6, or a range such as
   * 196.201.214.0/24): a callback from any other address is refused. Empty: any address.
   */
  USSD_ALLOWED_IPS: z
    .string()
    .refine(
      (value) => ussdAddressRules(value) !== null,
      'must be IP addresses or ranges (such as 196.201.214.0/24), separated by commas',
    )
    .optional(),
  JOBS_POLL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(50)
    .max(60000)
    .default(1000),
  /**
   * Seconds a job claimed by an instance stays its own without being renewed (a running job renews it
   * every third of this): after an instance dies, its job runs again on another within this long.
   */
  JOBS_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(3)
    .max(3600)
    .default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

/** How the platform takes online payments; null when it does not (bank transfers only). */
export interface PaystackSettings {
  /** `simulator`: the local stand-in answers the provider's calls; `paystack`: the real service does. */
  mode: 'simulator' | 'paystack';
  secretKey: string;
  /** The provider's API, without a trailing slash. */
  baseUrl: string;
}

/**
 * The key the simulated checkout signs with when no PAYSTACK_SECRET_KEY is given. It is public, so it
 * is refused in production, where the simulator never runs.
 */
export const SIMULATOR_SECRET_KEY = 'sk_test_freightlane_simulated_checkout';
const PAYSTACK_API = 'https://api.paystack.co';
export const SIMULATOR_PATH = '/api/v1/dev/paystack';

/** How the platform sends text messages (docs/sms.md). */
export interface SmsSettings {
  /** `termii`: Termii's API; `simulator`: the local stand-in speaking its protocol; `none`: SMS is off. */
  provider: 'termii' | 'simulator' | 'none';
  /** The gateway's API and keys; null when SMS is off. */
  termii: {
    apiKey: string;
    /** Null when not given (outside production only): delivery reports are then refused. */
    secretKey: string | null;
    /** Without a trailing slash. */
    baseUrl: string;
  } | null;
  senderId: string;
  route: 'generic' | 'dnd';
  priceKobo: number;
}

/** The keys the SMS simulator uses when none are given; public, so production refuses them. */
export const SMS_SIMULATOR_API_KEY = 'freightlane-simulated-termii-api-key';
export const SMS_SIMULATOR_SECRET_KEY = 'freightlane-simulated-termii-secret-key';
const TERMII_API = 'https://api.ng.termii.com';
export const SMS_SIMULATOR_PATH = '/api/dev/termii';

/** How the platform sends WhatsApp messages (docs/whatsapp.md). */
export interface WhatsappSettings {
  /** `cloud`: the WhatsApp Business Cloud API; `simulator`: the local stand-in; `none`: WhatsApp is off. */
  provider: 'cloud' | 'simulator' | 'none';
  /** The Cloud API's address and keys; null when WhatsApp is off. */
  cloud: {
    token: string;
    phoneNumberId: string;
    /** Null when not given (outside production only): webhook notifications are then refused. */
    appSecret: string | null;
    /** Null when not given: the webhook's verification handshake is then refused. */
    verifyToken: string | null;
    apiVersion: string;
    /** Without a trailing slash. */
    baseUrl: string;
  } | null;
  priceKobo: number;
}

/** The keys the WhatsApp simulator uses when none are given; public, so production refuses them. */
export const WHATSAPP_SIMULATOR_TOKEN = 'freightlane-simulated-whatsapp-token';
export const WHATSAPP_SIMULATOR_APP_SECRET = 'freightlane-simulated-whatsapp-app-secret';
export const WHATSAPP_SIMULATOR_VERIFY_TOKEN = 'freightlane-simulated-whatsapp-verify-token';
export const WHATSAPP_SIMULATOR_PHONE_NUMBER_ID = '100000000000001';
const GRAPH_API = 'https://graph.facebook.com';
export const WHATSAPP_SIMULATOR_PATH = '/api/dev/whatsapp';

/** The S3-compatible bucket that holds uploads; null when they are kept in a folder (uploadDir). */
export interface S3Settings {
  /** The store's address when it is not AWS's regional one (MinIO, R2, Spaces ...). */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores want this). */
  forcePathStyle: boolean;
}

/** How the USSD menu is reached; null when it is off. */
export interface UssdSettings {
  /** What drivers dial, e.g. *384*1234#. */
  serviceCode: string;
  /** The secret path segment of the callback address. */
  callbackSecret: string;
  /** The gateway's addresses and ranges; empty: any address. */
  allowedIps: UssdAddressRule[];
}

/** One allowed address (`/32` or `/128` for a single one) of the gateway. */
export interface UssdAddressRule {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * The callback secret and code outside production when none are given; public, so production refuses
 * them. The USSD simulator page plays sessions through the callback with them.
 */
export const USSD_SIMULATOR_SECRET = 'freightlane-simulated-ussd-callback-secret';
export const USSD_SAMPLE_SERVICE_CODE = '*384*1234#';

/** USSD_ALLOWED_IPS read as address rules; null when an entry is not an address or range. */
export function ussdAddressRules(value: string): UssdAddressRule[] | null {
  const rules: UssdAddressRule[] = [];
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries.filter((e) => e !== '')) {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return null;
    const max = version === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) return null;
    rules.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
  }
  return rules;
}

export type Env = z.infer<typeof envSchema> & {
  appUrl: string;
  dataDir: string;
  /** The uploads folder (absolute); unused when `s3` is set. */
  uploadDir: string;
  s3: S3Settings | null;
  seedDemo: boolean;
  paystack: PaystackSettings | null;
  sms: SmsSettings;
  whatsapp: WhatsappSettings;
  ussd: UssdSettings | null;
};

export class ConfigError extends Error {}

/** Reads and checks the configuration once; a bad value stops start-up naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: is required in production (at least 32 characters)',
    );
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.TRACKING_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  TRACKING_SECRET_KEY: is required in production on PostgreSQL (32 random bytes in base64, the same on every instance)',
    );
  }
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of the embedded database cannot exist)',
    );
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  if (env.NODE_ENV === 'production' && !env.APP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_URL: is required in production (the public address of the web app)',
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    appUrl,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    s3: s3Settings(env),
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    paystack: paystackSettings(env, appUrl),
    sms: smsSettings(env, appUrl),
    whatsapp: whatsappSettings(env, appUrl),
    ussd: ussdSettings(env),
  };
}

/**
 * Online payment's settings. Outside production the simulated checkout stands in unless a secret key
 * names the real service; production refuses the simulator and its public key, and takes payments
 * online only with a secret key of its own.
 */
function paystackSettings(env: z.infer<typeof envSchema>, appUrl: string): PaystackSettings | null {
  const production = env.NODE_ENV === 'production';
  const simulator = env.PAYSTACK_SIMULATOR ?? (!production && !env.PAYSTACK_SECRET_KEY);
  const baseUrl = env.PAYSTACK_BASE_URL?.replace(/\/$/, '');
  if (production) {
    const refusals: string[] = [];
    if (simulator) {
      refusals.push('PAYSTACK_SIMULATOR: the simulated checkout cannot run in production');
    }
    if (env.PAYSTACK_SECRET_KEY === SIMULATOR_SECRET_KEY) {
      refusals.push("PAYSTACK_SECRET_KEY: must be the platform's own key, not the simulator's");
    }
    if (baseUrl && !env.PAYSTACK_SECRET_KEY) {
      refusals.push('PAYSTACK_SECRET_KEY: is required in production when PAYSTACK_BASE_URL is set');
    }
    if (baseUrl && !baseUrl.startsWith('https://')) {
      refusals.push('PAYSTACK_BASE_URL: must be an https:// address in production');
    }
    if (refusals.length > 0) {
      throw new ConfigError(`Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
    }
  }
  if (simulator) {
    return {
      mode: 'simulator',
      secretKey: env.PAYSTACK_SECRET_KEY ?? SIMULATOR_SECRET_KEY,
      baseUrl: baseUrl ?? `${appUrl}${SIMULATOR_PATH}`,
    };
  }
  if (!env.PAYSTACK_SECRET_KEY) return null;
  return { mode: 'paystack', secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: baseUrl ?? PAYSTACK_API };
}

/**
 * The SMS channel's settings. SMS_PROVIDER chooses (SMS_SIMULATOR=true is its `simulator`); without either,
 * Termii when its API key is set, else the simulator outside production and no SMS in production, which
 * also refuses the simulator, its public keys, a Termii without its secret key and a plain-http address.
 */
function smsSettings(env: z.infer<typeof envSchema>, appUrl: string): SmsSettings {
  const production = env.NODE_ENV === 'production';
  const refusals: string[] = [];
  if (env.SMS_PROVIDER !== undefined && env.SMS_SIMULATOR !== undefined) {
    if (env.SMS_SIMULATOR !== (env.SMS_PROVIDER === 'simulator')) {
      refusals.push(
        `SMS_SIMULATOR: says ${env.SMS_SIMULATOR} but SMS_PROVIDER is ${env.SMS_PROVIDER}; set one of them`,
      );
    }
  }
  const chosen =
    env.SMS_PROVIDER ??
    (env.SMS_SIMULATOR === true
      ? 'simulator'
      : env.TERMII_API_KEY
        ? 'termii'
        : env.SMS_SIMULATOR === false || production
          ? 'none'
          : 'simulator');
  const named = env.SMS_PROVIDER !== undefined ? 'SMS_PROVIDER' : 'SMS_SIMULATOR';
  const baseUrl = env.TERMII_BASE_URL?.replace(/\/$/, '');
  if (chosen === 'termii' && !env.TERMII_API_KEY) {
    refusals.push('TERMII_API_KEY: is required when SMS_PROVIDER is termii');
  }
  if (production) {
    if (chosen === 'simulator') refusals.push(`${named}: the SMS simulator cannot run in production`);
    if (env.TERMII_API_KEY === SMS_SIMULATOR_API_KEY) {
      refusals.push("TERMII_API_KEY: must be the platform's own key, not the simulator's");
    }
    if (env.TERMII_SECRET_KEY === SMS_SIMULATOR_SECRET_KEY) {
      refusals.push("TERMII_SECRET_KEY: must be the platform's own key, not the simulator's");
    }
    if (chosen === 'termii' && !env.TERMII_SECRET_KEY) {
      refusals.push(
        "TERMII_SECRET_KEY: is required in production with Termii (it checks the delivery reports' signature)",
      );
    }
    if (baseUrl && !baseUrl.startsWith('https://')) {
      refusals.push('TERMII_BASE_URL: must be an https:// address in production');
    }
  }
  if (refusals.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  }
  const common = { senderId: env.SMS_SENDER_ID, route: env.SMS_ROUTE, priceKobo: env.SMS_PRICE_KOBO };
  if (chosen === 'simulator') {
    return {
      ...common,
      provider: 'simulator',
      termii: {
        apiKey: env.TERMII_API_KEY ?? SMS_SIMULATOR_API_KEY,
        secretKey: env.TERMII_SECRET_KEY ?? SMS_SIMULATOR_SECRET_KEY,
        baseUrl: baseUrl ?? `${appUrl}${SMS_SIMULATOR_PATH}`,
      },
    };
  }
  if (chosen === 'termii' && env.TERMII_API_KEY) {
    return {
      ...common,
      provider: 'termii',
      termii: {
        apiKey: env.TERMII_API_KEY,
        secretKey: env.TERMII_SECRET_KEY ?? null,
        baseUrl: baseUrl ?? TERMII_API,
      },
    };
  }
  return { ...common, provider: 'none', termii: null };
}

/**
 * The WhatsApp channel's settings, chosen and checked as SMS's are: WHATSAPP_PROVIDER (or
 * WHATSAPP_SIMULATOR); without either, the Cloud API when its token is set, else the simulator outside
 * production and none in production, which also refuses the simulator, its public keys, a Cloud API
 * without its phone number id, app secret or verify token, and a plain-http address.
 */
function whatsappSettings(env: z.infer<typeof envSchema>, appUrl: string): WhatsappSettings {
  const production = env.NODE_ENV === 'production';
  const refusals: string[] = [];
  if (env.WHATSAPP_PROVIDER !== undefined && env.WHATSAPP_SIMULATOR !== undefined) {
    if (env.WHATSAPP_SIMULATOR !== (env.WHATSAPP_PROVIDER === 'simulator')) {
      refusals.push(
        `WHATSAPP_SIMULATOR: says ${env.WHATSAPP_SIMULATOR} but WHATSAPP_PROVIDER is ${env.WHATSAPP_PROVIDER}; set one of them`,
      );
    }
  }
  const chosen =
    env.WHATSAPP_PROVIDER ??
    (env.WHATSAPP_SIMULATOR === true
      ? 'simulator'
      : env.WHATSAPP_TOKEN
        ? 'cloud'
        : env.WHATSAPP_SIMULATOR === false || production
          ? 'none'
          : 'simulator');
  const named = env.WHATSAPP_PROVIDER !== undefined ? 'WHATSAPP_PROVIDER' : 'WHATSAPP_SIMULATOR';
  const baseUrl = env.WHATSAPP_BASE_URL?.replace(/\/$/, '');
  if (chosen === 'cloud') {
    if (!env.WHATSAPP_TOKEN) refusals.push('WHATSAPP_TOKEN: is required when WHATSAPP_PROVIDER is cloud');
    if (!env.WHATSAPP_PHONE_NUMBER_ID) {
      refusals.push('WHATSAPP_PHONE_NUMBER_ID: is required with the Cloud API (messages are sent from it)');
    }
  }
  if (production) {
    if (chosen === 'simulator') refusals.push(`${named}: the WhatsApp simulator cannot run in production`);
    const publicKeys = [
      ['WHATSAPP_TOKEN', env.WHATSAPP_TOKEN, WHATSAPP_SIMULATOR_TOKEN],
      ['WHATSAPP_APP_SECRET', env.WHATSAPP_APP_SECRET, WHATSAPP_SIMULATOR_APP_SECRET],
      ['WHATSAPP_VERIFY_TOKEN', env.WHATSAPP_VERIFY_TOKEN, WHATSAPP_SIMULATOR_VERIFY_TOKEN],
    ] as const;
    for (const [name, given, simulators] of publicKeys) {
      if (given === simulators) refusals.push(`${name}: must be the platform's own, not the simulator's`);
    }
    if (chosen === 'cloud' && !env.WHATSAPP_APP_SECRET) {
      refusals.push(
        "WHATSAPP_APP_SECRET: is required in production with the Cloud API (it checks the webhook's signature)",
      );
    }
    if (chosen === 'cloud' && !env.WHATSAPP_VERIFY_TOKEN) {
      refusals.push(
        'WHATSAPP_VERIFY_TOKEN: is required in production with the Cloud API (Meta verifies the webhook with it)',
      );
    }
    if (baseUrl && !baseUrl.startsWith('https://')) {
      refusals.push('WHATSAPP_BASE_URL: must be an https:// address in production');
    }
  }
  if (refusals.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  }
  const priceKobo = env.WHATSAPP_PRICE_KOBO;
  const apiVersion = env.WHATSAPP_API_VERSION;
  if (chosen === 'simulator') {
    return {
      provider: 'simulator',
      priceKobo,
      cloud: {
        token: env.WHATSAPP_TOKEN ?? WHATSAPP_SIMULATOR_TOKEN,
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? WHATSAPP_SIMULATOR_PHONE_NUMBER_ID,
        appSecret: env.WHATSAPP_APP_SECRET ?? WHATSAPP_SIMULATOR_APP_SECRET,
        verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? WHATSAPP_SIMULATOR_VERIFY_TOKEN,
        apiVersion,
        baseUrl: baseUrl ?? `${appUrl}${WHATSAPP_SIMULATOR_PATH}`,
      },
    };
  }
  if (chosen === 'cloud' && env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID) {
    return {
      provider: 'cloud',
      priceKobo,
      cloud: {
        token: env.WHATSAPP_TOKEN,
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
        appSecret: env.WHATSAPP_APP_SECRET ?? null,
        verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? null,
        apiVersion,
        baseUrl: baseUrl ?? GRAPH_API,
      },
    };
  }
  return { provider: 'none', priceKobo, cloud: null };
}

/**
 * The USSD menu's settings. Outside production it is on, with the sample code and the public secret unless
 * others are given; in production it is on when USSD_SERVICE_CODE is set, and then only with a secret of
 * the platform's own: without one, anyone who learnt the address could claim any driver's number.
 */
function ussdSettings(env: z.infer<typeof envSchema>): UssdSettings | null {
  const production = env.NODE_ENV === 'production';
  const allowedIps = ussdAddressRules(env.USSD_ALLOWED_IPS ?? '') ?? [];
  if (!production) {
    return {
      serviceCode: env.USSD_SERVICE_CODE ?? USSD_SAMPLE_SERVICE_CODE,
      callbackSecret: env.USSD_CALLBACK_SECRET ?? USSD_SIMULATOR_SECRET,
      allowedIps,
    };
  }
  const refusals: string[] = [];
  if (env.USSD_SERVICE_CODE && !env.USSD_CALLBACK_SECRET) {
    refusals.push(
      'USSD_CALLBACK_SECRET: is required in production when USSD_SERVICE_CODE is set (the gateway does not sign its callbacks)',
    );
  }
  if (env.USSD_CALLBACK_SECRET === USSD_SIMULATOR_SECRET) {
    refusals.push("USSD_CALLBACK_SECRET: must be the platform's own, not the simulator's");
  }
  if (env.USSD_CALLBACK_SECRET && !env.USSD_SERVICE_CODE) {
    refusals.push('USSD_SERVICE_CODE: is required when USSD_CALLBACK_SECRET is set (the code drivers dial)');
  }
  if (refusals.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  }
  if (!env.USSD_SERVICE_CODE || !env.USSD_CALLBACK_SECRET) return null;
  return { serviceCode: env.USSD_SERVICE_CODE, callbackSecret: env.USSD_CALLBACK_SECRET, allowedIps };
}

const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * The bucket of uploads when any S3_ variable is set. A half-given set stops start-up naming what is
 * missing, since silently keeping files in a local folder would split them between instances.
 */
function s3Settings(env: z.infer<typeof envSchema>): S3Settings | null {
  if (S3_VARIABLES.every((name) => env[name] === undefined)) return null;
  const refusals = S3_REQUIRED.filter((name) => env[name] === undefined).map(
    (name) => `${name}: is required for S3 storage (set ${S3_REQUIRED.join(', ')}, or none of them)`,
  );
  if (env.UPLOAD_DIR !== undefined) {
    refusals.push('UPLOAD_DIR: not used with S3 storage; set UPLOAD_DIR or the S3_ variables, not both');
  }
  const { S3_REGION: region, S3_BUCKET: bucket } = env;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (refusals.length > 0 || !region || !bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError(`Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  }
  return {
    endpoint: env.S3_ENDPOINT ?? null,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}
