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
