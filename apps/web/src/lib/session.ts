import { roleFromScope, type Role } from '@freightlane/domain';

/**
 * The session rules of the spec (section 4), as pure functions over two storages and a clock so
 * that every rule can be tested without a browser.
 */

/** The spec's session values, stored under these keys in sessionStorage and localStorage. */
export const SESSION_KEYS = ['accessToken', 'refreshToken', 'userType', 'firstName'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** The push-notification token the spec keeps in localStorage; sent as the login deviceId header. */
export const NOTIFICATION_TOKEN_KEY = 'notificationToken';

/** The access token is refreshed this many seconds before it expires. */
export const REFRESH_LEAD_SECONDS = 60;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionEnv {
  /** Checked first: one browser tab. */
  sessionStorage: KeyValueStorage;
  /** The persistent storage shared by the tabs. */
  localStorage: KeyValueStorage;
  /** Milliseconds since the epoch, like Date.now. */
  now: () => number;
}

export interface SessionValues {
  accessToken: string;
  refreshToken: string;
  userType: string;
  firstName: string;
}

export interface Session extends SessionValues {
  role: Role | null;
}

export type SessionCheck =
  | { status: 'authenticated'; session: Session; restored: boolean }
  /** A refresh token was in sessionStorage but the check failed: both storages were cleared. */
  | { status: 'expired' }
  | { status: 'anonymous' };

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JSON payload of a JWT (the base64url middle part), or null when it cannot be read. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(part));
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The token's `exp` claim, in seconds, or null when it has none. */
export function tokenExpiry(token: string | null | undefined): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** The spec compares expiry in seconds. A token without a readable `exp` counts as expired. */
export function isTokenExpired(token: string | null | undefined, nowMs: number): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp <= nowMs / 1000;
}

/** The role from the access token's scope entry whose key starts with role_. */
export function roleFromAccessToken(token: string | null | undefined): Role | null {
  return roleFromScope(decodeJwtPayload(token)?.scope);
}

/** The spec's check: both tokens are present and the refresh token has not expired. */
export function hasValidTokens(storage: KeyValueStorage, nowMs: number): boolean {
  const accessToken = storage.getItem('accessToken');
  const refreshToken = storage.getItem('refreshToken');
  return !!accessToken && !!refreshToken && !isTokenExpired(refreshToken, nowMs);
}

/** Authenticated when the check holds in sessionStorage or, failing that, in localStorage. */
export function isAuthenticated(env: SessionEnv): boolean {
  const now = env.now();
  return hasValidTokens(env.sessionStorage, now) || hasValidTokens(env.localStorage, now);
}

/** The role, read from the access token in sessionStorage first, then localStorage. */
export function roleFromStorage(env: SessionEnv): Role | null {
  return (
    roleFromAccessToken(env.sessionStorage.getItem('accessToken')) ??
    roleFromAccessToken(env.localStorage.getItem('accessToken'))
  );
}

export function readSessionValues(storage: KeyValueStorage): SessionValues | null {
  const accessToken = storage.getItem('accessToken');
  const refreshToken = storage.getItem('refreshToken');
  if (!accessToken || !refreshToken) return null;
  return {
    accessToken,
    refreshToken,
    userType: storage.getItem('userType') ?? '',
    firstName: storage.getItem('firstName') ?? '',
  };
}

function writeValues(storage: KeyValueStorage, values: SessionValues): void {
  for (const key of SESSION_KEYS) storage.setItem(key, values[key]);
}

export function removeSessionValues(storage: KeyValueStorage): void {
  for (const key of SESSION_KEYS) storage.removeItem(key);
}

/** At login (and on every token rotation) the values go to sessionStorage and localStorage. */
export function saveSession(env: SessionEnv, values: SessionValues): void {
  writeValues(env.sessionStorage, values);
  writeValues(env.localStorage, values);
}

/**
 * Clears the session from both storages. The notificationToken stays: it names this browser for
 * push messages, not the person who signed in.
 */
export function clearSession(env: SessionEnv): void {
  removeSessionValues(env.sessionStorage);
  removeSessionValues(env.localStorage);
}

export function toSession(values: SessionValues): Session {
  return { ...values, role: roleFromAccessToken(values.accessToken) };
}

/**
 * The spec's start-up rules, in order:
 * 1. valid tokens in sessionStorage: authenticated;
 * 2. a refresh token in sessionStorage but the check fails: clear both storages (go to /signin);
 * 3. empty session but valid tokens and userType in localStorage: copy them into sessionStorage
 *    and restore the user;
 * 4. otherwise anonymous (stale values left in localStorage are removed).
 */
export function checkSession(env: SessionEnv): SessionCheck {
  const now = env.now();
  const inSession = readSessionValues(env.sessionStorage);
  if (inSession && hasValidTokens(env.sessionStorage, now)) {
    return { status: 'authenticated', session: toSession(inSession), restored: false };
  }
  if (env.sessionStorage.getItem('refreshToken') !== null) {
    clearSession(env);
    return { status: 'expired' };
  }
  const inLocal = readSessionValues(env.localStorage);
  if (inLocal && inLocal.userType && hasValidTokens(env.localStorage, now)) {
    writeValues(env.sessionStorage, inLocal);
    return { status: 'authenticated', session: toSession(inLocal), restored: true };
  }
  if (SESSION_KEYS.some((key) => env.localStorage.getItem(key) !== null))
    removeSessionValues(env.localStorage);
  removeSessionValues(env.sessionStorage);
  return { status: 'anonymous' };
}

/**
 * Milliseconds until the access token should be refreshed: REFRESH_LEAD_SECONDS before it expires.
 * A token with less than that left is refreshed halfway through what remains (so a short-lived
 * token does not cause a refresh loop); an expired one at once (0). Null when it has no expiry.
 */
export function msUntilRefresh(
  accessToken: string,
  nowMs: number,
  leadSeconds: number = REFRESH_LEAD_SECONDS,
): number | null {
  const exp = tokenExpiry(accessToken);
  if (exp === null) return null;
  const remaining = exp * 1000 - nowMs;
  if (remaining <= 0) return 0;
  const lead = leadSeconds * 1000;
  return remaining > lead ? remaining - lead : Math.floor(remaining / 2);
}

/** Whether two stored sessions belong to the same person (JWT subject, else user type and name). */
export function isSameUser(a: SessionValues, b: SessionValues): boolean {
  const subA = decodeJwtPayload(a.accessToken)?.sub;
  const subB = decodeJwtPayload(b.accessToken)?.sub;
  if (typeof subA === 'string' && typeof subB === 'string') return subA === subB;
  return a.userType === b.userType && a.firstName === b.firstName;
}

/** The headers of the login call: deviceId from the stored notification token, when there is one. */
export function loginHeaders(local: KeyValueStorage): Record<string, string> {
  const deviceId = local.getItem(NOTIFICATION_TOKEN_KEY);
  return deviceId ? { deviceId } : {};
}
