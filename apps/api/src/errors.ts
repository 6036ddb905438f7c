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
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { field: string; message: string }[],
    readonly retryAfterSeconds?: number,
    /** Extra answer fields a client can act on, e.g. the allowed next statuses of a refused move. */
    readonly details?: { allowedNextStatuses?: string[]; lockedUntil?: string },
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
