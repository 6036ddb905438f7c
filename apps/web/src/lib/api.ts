/**
 * The API client: same-origin fetch, JSON in and out, the bearer token attached, and every
 * failure turned into an ApiError carrying the server's `message` (the error body of every call
 * is the domain's errorResponse: `{message, code?, errors?}` and what some refusals add).
 */
import { errorResponse, type ErrorResponse } from '@freightlane/domain';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * What an error body adds beyond its message, code and field errors for the screen to act on, e.g. a
 * refused trip status change's allowed statuses or a locked handover code's unlock time.
 */
export type ErrorDetails = Omit<ErrorResponse, 'message' | 'code' | 'errors'>;
const errorDetails = errorResponse.omit({ message: true, code: true, errors: true });

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];
  readonly details: ErrorDetails;

  constructor(
    status: number,
    message: string,
    code?: string,
    errors: FieldError[] = [],
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.details = details;
  }
}

/** Status 0: the request never got an answer. */
export const NETWORK_ERROR_MESSAGE = 'We could not reach Freightlane. Check your connection and try again.';

function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'The request could not be completed.';
}

function isFieldError(value: unknown): value is FieldError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

/** The details the body carries in the contract's shape; a malformed one is left out, not the rest. */
function detailsOf(body: Record<string, unknown>): ErrorDetails {
  const details: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(errorDetails.shape)) {
    const parsed = schema.safeParse(body[key]);
    if (parsed.success && parsed.data !== undefined) details[key] = parsed.data;
  }
  return details as ErrorDetails;
}

/** Reads an error body into an ApiError; tolerates bodies that are not JSON. */
export function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const fields = body as Record<string, unknown>;
    const { message, code, errors } = fields;
    return new ApiError(
      status,
      typeof message === 'string' && message.trim() ? message : fallbackMessage(status),
      typeof code === 'string' ? code : undefined,
      Array.isArray(errors) ? errors.filter(isFieldError) : [],
      detailsOf(fields),
    );
  }
  return new ApiError(status, fallbackMessage(status));
}

/**
 * What the client needs of the session: the session store is it (lib/session-store.ts), the one owner
 * of who is signed in; the client only reads the token from it and asks it to renew or end the session.
 */
export interface ApiSession {
  getAccessToken(): string | null;
  /** Renews the tokens; resolves true when a retry may succeed. */
  refresh(): Promise<boolean>;
  /** The session could not be renewed. */
  expire(): void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  headers?: Record<string, string>;
  /** Attach the bearer token and renew it on a 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** The API as one signed-in session sees it: every call carries its token and renews it once on a 401. */
export interface ApiClient {
  /** Calls the API: the JSON answer, or an ApiError (after one renewal of the session on a 401). */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /**
   * Opens an answer that is read as it arrives, such as a Server-Sent Events stream (the browser's
   * EventSource cannot send the bearer token). The answer is returned whatever its status, for the
   * caller to read; only an unreachable server throws.
   */
  stream(path: string, signal: AbortSignal): Promise<Response>;
  /** Fetches a file the API serves, e.g. a photo to show in an <img> through an object URL. */
  fetchFile(path: string, signal?: AbortSignal): Promise<Blob>;
  /** Downloads a file the API serves as an attachment and hands it to the browser under `fileName`. */
  downloadFile(path: string, fileName: string): Promise<void>;
}

/**
 * The client of one session (null: calls that need none, such as the refresh itself). On a 401 to an
 * authenticated call it renews the tokens once and retries once; when the retry is refused too, the
 * session is ended (guarded pages then go to /signin).
 */
export function createApiClient(session: ApiSession | null): ApiClient {
  async function sendRenewingOnce(path: string, options: RequestOptions): Promise<Response> {
    const auth = options.auth === false ? null : session;
    const token = auth?.getAccessToken() ?? null;
    let response = await send(path, options, token);

    if (response.status === 401 && auth && token) {
      const renewed = await auth.refresh();
      const nextToken = renewed ? auth.getAccessToken() : null;
      if (nextToken) {
        response = await send(path, options, nextToken);
        if (response.status === 401) auth.expire();
      }
    }
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await sendRenewingOnce(path, options);
    const body = await readBody(response);
    if (!response.ok) throw toApiError(response.status, body);
    return body as T;
  }

  async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
    const response = await sendRenewingOnce(path, { headers: { Accept: '*/*' }, signal });
    if (!response.ok) throw toApiError(response.status, await readBody(response));
    return response.blob();
  }

  return {
    request,
    get: <T>(path: string, options?: CallOptions) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: CallOptions) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: CallOptions) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    stream: (path, signal) => sendRenewingOnce(path, { headers: { Accept: 'text/event-stream' }, signal }),
    fetchFile,
    async downloadFile(path, fileName) {
      const url = URL.createObjectURL(await fetchFile(path));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next tick: the browser has taken the file by then.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  };
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
