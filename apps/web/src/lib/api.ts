/**
 * The API client: same-origin fetch, JSON in and out, the bearer token attached, and every
 * failure turned into an ApiError carrying the server's `message` (the error body of every call
 * is `{message, code?, errors?}`).
 */

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];

  constructor(status: number, message: string, code?: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
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

/** Reads an error body into an ApiError; tolerates bodies that are not JSON. */
export function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { message, code, errors } = body as { message?: unknown; code?: unknown; errors?: unknown };
    return new ApiError(
      status,
      typeof message === 'string' && message.trim() ? message : fallbackMessage(status),
      typeof code === 'string' ? code : undefined,
      Array.isArray(errors) ? errors.filter(isFieldError) : [],
    );
  }
  return new ApiError(status, fallbackMessage(status));
}

/** How the client reaches the session without importing it (the session store uses this client). */
export interface ApiAuth {
  getAccessToken(): string | null;
  /** Renews the tokens; resolves true when a retry may succeed. */
  refresh(): Promise<boolean>;
  /** The session could not be renewed. */
  onSessionExpired(): void;
}

let auth: ApiAuth | null = null;

export function configureApiAuth(next: ApiAuth | null): void {
  auth = next;
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

/**
 * Calls the API. On a 401 to an authenticated call it renews the tokens once and retries once;
 * when renewing fails the session is cleared (guarded pages then go to /signin).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth !== false && auth !== null;
  const token = useAuth ? (auth?.getAccessToken() ?? null) : null;
  let response = await send(path, options, token);

  if (response.status === 401 && useAuth && token && auth) {
    const renewed = await auth.refresh();
    const nextToken = renewed ? auth.getAccessToken() : null;
    if (nextToken) {
      response = await send(path, options, nextToken);
      if (response.status === 401) auth.onSessionExpired();
    }
  }

  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
};

/**
 * Downloads a file the API serves as an attachment (with the bearer token, renewed once on a 401)
 * and hands it to the browser under `fileName`. Failures throw an ApiError like any call.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const options: RequestOptions = { headers: { Accept: '*/*' } };
  const token = auth?.getAccessToken() ?? null;
  let response = await send(path, options, token);
  if (response.status === 401 && token && auth) {
    const renewed = await auth.refresh();
    const nextToken = renewed ? auth.getAccessToken() : null;
    if (nextToken) {
      response = await send(path, options, nextToken);
      if (response.status === 401) auth.onSessionExpired();
    }
  }
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
