/** The one error type of the API. Its code decides the HTTP status in one place (plugins/errors.ts). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_NOT_ACTIVATED: 403,
  COMPANY_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** Too busy for now; the caller sends again shortly (a phone's queue does so by itself). */
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

export interface AppErrorOptions {
  /** The fields at fault, each with what is wrong with it. */
  errors?: FieldError[];
  /** Sent as Retry-After on a 429. */
  retryAfterSeconds?: number;
  /** Extra answer fields a client can act on, e.g. the allowed next statuses of a refused move. */
  details?: { allowedNextStatuses?: string[]; lockedUntil?: string };
}

export class AppError extends Error {
  readonly errors?: FieldError[];
  readonly retryAfterSeconds?: number;
  readonly details?: AppErrorOptions['details'];

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** What a caller is told while the database cannot be reached: it is temporary, so try again. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable (its database does not answer). Please try again in a few seconds.';

/** Socket errors of a connection that cannot be made or was cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's codes for a server going away or not taking connections: class 08 (connection exception),
 * 57P01 to 57P03 (shut down by an administrator, crash, cannot connect now) and 53300 (too many
 * connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** node-postgres reports a cut connection and a pool that waited too long for one by message only. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, failing over,
 * out of connections) rather than that the request or the code is wrong. Drizzle wraps the driver's
 * error as the cause of its own, so the whole cause chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
