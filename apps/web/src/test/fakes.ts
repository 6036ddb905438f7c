import type { KeyValueStorage, SessionEnv } from '../lib/session';

export interface MemoryStorage extends KeyValueStorage {
  readonly data: Map<string, string>;
  snapshot(): Record<string, string>;
}

export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    snapshot: () => Object.fromEntries(data),
  };
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given payload (the client never checks signatures). */
export function makeJwt(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

/** 21 Nov 2026, 12:00 UTC, as milliseconds. */
export const NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0);
export const NOW_S = NOW_MS / 1000;

export interface FakeEnv extends SessionEnv {
  sessionStorage: MemoryStorage;
  localStorage: MemoryStorage;
  clock: { ms: number };
}

export function createFakeEnv(
  session: Record<string, string> = {},
  local: Record<string, string> = {},
  nowMs: number = NOW_MS,
): FakeEnv {
  const clock = { ms: nowMs };
  return {
    sessionStorage: createMemoryStorage(session),
    localStorage: createMemoryStorage(local),
    now: () => clock.ms,
    clock,
  };
}

export type TestRole = 'role_customer' | 'role_transporter' | 'role_fleet_manager' | 'role_admin';

const USER_TYPE_OF_ROLE: Record<TestRole, string> = {
  role_customer: 'CUSTOMER',
  role_transporter: 'TRANSPORTER',
  role_fleet_manager: 'FLEET_MANAGER',
  role_admin: 'ADMIN',
};

/** Stored session values for a user of the role; tokens valid for the given seconds from NOW. */
export function sessionValuesFor(
  role: TestRole,
  options: {
    accessTtl?: number;
    refreshTtl?: number;
    firstName?: string;
    sub?: string;
    nowS?: number;
    jti?: string;
  } = {},
): Record<string, string> {
  const nowS = options.nowS ?? NOW_S;
  const sub = options.sub ?? `user-${role}`;
  return {
    accessToken: makeJwt({
      sub,
      scope: { [role]: true },
      exp: nowS + (options.accessTtl ?? 900),
      jti: options.jti ?? 'a1',
    }),
    refreshToken: makeJwt({ sub, exp: nowS + (options.refreshTtl ?? 86_400), jti: options.jti ?? 'r1' }),
    userType: USER_TYPE_OF_ROLE[role],
    firstName: options.firstName ?? 'Adaeze',
  };
}

/**
 * Tests run as a person who asked for less motion: Mantine then opens and closes dialogs at once and leaves
 * no transition timer running after a test file has ended.
 */
const REDUCED_MOTION = /prefers-reduced-motion/;

/** A MediaQueryList as jsdom lacks it; `matches` decides which Mantine layout renders. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches: matches || REDUCED_MOTION.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/**
 * Renders the test's pages as on a laptop: every min-width media query matches (tables rather than
 * phone cards). The setup's default is a phone.
 */
export function onWideScreen(): void {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, /min-width/.test(query));
}
