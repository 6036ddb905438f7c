import {
  checkSession,
  clearSession,
  hasValidTokens,
  isSameUser,
  msUntilRefresh,
  readSessionValues,
  removeSessionValues,
  saveSession,
  tokenExpiry,
  toSession,
  type Session,
  type SessionCheck,
  type SessionEnv,
  type SessionValues,
} from './session';
import { ApiError, type ApiSession } from './api';

/** Why the person is signed out; 'account-deleted': they erased their own account. */
export type SignedOutReason = 'expired' | 'signed-out' | 'account-deleted' | null;

export type SessionState =
  { status: 'signed-in'; session: Session } | { status: 'signed-out'; reason: SignedOutReason };

/** What the login and refresh calls answer (a subset of the domain's tokenPairResponse). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  userType: string;
  firstName: string;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionStoreDeps {
  env: SessionEnv;
  /** POST /api/v1/auth/refresh; throws ApiError. */
  refreshTokens(refreshToken: string): Promise<TokenPair>;
  /** POST /api/v1/auth/logout. */
  revokeTokens(refreshToken: string): Promise<unknown>;
  timers?: Timers;
  /** Serialises refreshes across tabs (the Web Locks API when the browser has it). */
  withLock?: <T>(run: () => Promise<T>) => Promise<T>;
}

/** The one owner of who is signed in: the API client reads the token from it and renews it through it. */
export interface SessionStore extends ApiSession {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Runs the spec's start-up check and schedules the silent refresh. */
  start(): SessionCheck;
  signIn(pair: TokenPair): Session;
  /** Rotates the tokens; true when the session is still good afterwards. One refresh at a time. */
  refresh(): Promise<boolean>;
  signOut(): Promise<void>;
  /** The session cannot be renewed: clear both storages; guarded pages send the user to /signin. */
  expire(): void;
  /**
   * Clears the stored session without calling the server (the reset-failure rule, and an erased
   * account, whose sessions the server has already ended), saying why when there is a reason.
   */
  clear(reason?: SignedOutReason): void;
  setFirstName(firstName: string): void;
  /** Another tab changed localStorage (the window 'storage' event). */
  handleStorageChange(key: string | null, oldValue: string | null, newValue: string | null): void;
  dispose(): void;
}

/** The longest delay setTimeout honours. */
const MAX_TIMER_MS = 2_147_483_647;
/** After a network failure the refresh is tried again this much later. */
export const REFRESH_RETRY_MS = 30_000;

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

function isRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { env } = deps;
  const timers = deps.timers ?? defaultTimers;
  const withLock = deps.withLock ?? (<T>(run: () => Promise<T>) => run());
  const listeners = new Set<() => void>();
  let state: SessionState = { status: 'signed-out', reason: null };
  let timer: unknown = null;
  let inFlight: Promise<boolean> | null = null;

  function setState(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function cancelTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function schedule(accessToken: string) {
    cancelTimer();
    const delay = msUntilRefresh(accessToken, env.now());
    if (delay === null) return;
    timer = timers.setTimeout(
      () => {
        timer = null;
        void store.refresh();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
  }

  function signedIn(values: SessionValues): Session {
    const session = toSession(values);
    setState({ status: 'signed-in', session });
    schedule(values.accessToken);
    return session;
  }

  /**
   * Clears both storages, except that localStorage is left alone when it holds a valid session of
   * another person (signed in from another tab), so that tab is not signed out by this one.
   */
  function signedOut(reason: SignedOutReason) {
    cancelTimer();
    const ours = readSessionValues(env.sessionStorage);
    const shared = readSessionValues(env.localStorage);
    const sharedIsSomeoneElse =
      ours && shared && hasValidTokens(env.localStorage, env.now()) && !isSameUser(ours, shared);
    if (sharedIsSomeoneElse) removeSessionValues(env.sessionStorage);
    else clearSession(env);
    setState({ status: 'signed-out', reason });
  }

  async function rotate(): Promise<boolean> {
    const current = readSessionValues(env.sessionStorage);
    if (!current) return false;
    // Another tab of the same person may have rotated the shared pair already: use its tokens
    // rather than spending ours a second time.
    const shared = readSessionValues(env.localStorage);
    if (
      shared &&
      shared.refreshToken !== current.refreshToken &&
      hasValidTokens(env.localStorage, env.now()) &&
      isSameUser(shared, current) &&
      (tokenExpiry(shared.accessToken) ?? 0) > (tokenExpiry(current.accessToken) ?? 0)
    ) {
      saveSession(env, shared);
      signedIn(shared);
      return true;
    }
    try {
      const pair = await deps.refreshTokens(current.refreshToken);
      const values: SessionValues = {
        accessToken: pair.accessToken,
        refreshToken: pair.refreshToken,
        userType: pair.userType,
        firstName: pair.firstName,
      };
      saveSession(env, values);
      signedIn(values);
      return true;
    } catch (error) {
      if (isRejection(error)) {
        signedOut('expired');
        return false;
      }
      // Offline or a server hiccup: keep the session and try again shortly.
      cancelTimer();
      timer = timers.setTimeout(() => {
        timer = null;
        void store.refresh();
      }, REFRESH_RETRY_MS);
      return false;
    }
  }

  const store: SessionStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      const check = checkSession(env);
      if (check.status === 'authenticated') signedIn(check.session);
      else setState({ status: 'signed-out', reason: check.status === 'expired' ? 'expired' : null });
      return check;
    },
    signIn(pair) {
      const values: SessionValues = {
        accessToken: pair.accessToken,
        refreshToken: pair.refreshToken,
        userType: pair.userType,
        firstName: pair.firstName,
      };
      saveSession(env, values);
      return signedIn(values);
    },
    refresh() {
      if (state.status !== 'signed-in') return Promise.resolve(false);
      inFlight ??= withLock(rotate).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    async signOut() {
      const refreshToken = env.sessionStorage.getItem('refreshToken');
      signedOut('signed-out');
      if (refreshToken) await deps.revokeTokens(refreshToken).catch(() => undefined);
    },
    expire() {
      signedOut('expired');
    },
    clear(reason = null) {
      signedOut(reason);
    },
    setFirstName(firstName) {
      if (state.status !== 'signed-in') return;
      env.sessionStorage.setItem('firstName', firstName);
      env.localStorage.setItem('firstName', firstName);
      setState({ status: 'signed-in', session: { ...state.session, firstName } });
    },
    getAccessToken() {
      return state.status === 'signed-in' ? state.session.accessToken : null;
    },
    handleStorageChange(key, oldValue, newValue) {
      if (state.status !== 'signed-in') return;
      // Signing out in another tab revokes the tokens this tab shares: sign out here too.
      const signedOutElsewhere =
        key === null
          ? env.localStorage.getItem('refreshToken') === null
          : key === 'refreshToken' && newValue === null && oldValue === state.session.refreshToken;
      if (signedOutElsewhere) {
        cancelTimer();
        removeSessionValues(env.sessionStorage);
        setState({ status: 'signed-out', reason: 'signed-out' });
      }
    },
    dispose() {
      cancelTimer();
      listeners.clear();
    },
  };
  return store;
}
