import type { CompanyType, Profile, UserType, VerificationStatus } from '@freightlane/domain';
import type { Database } from '../db/client';

import { PRINCIPAL_CHANGED_CHANNEL } from '../queries/change-notice.repository';

/** What the session check reads from the database for a signed-in request. */
export interface SessionPrincipal {
  userId: string;
  companyId: string;
  companyType: CompanyType;
  verificationStatus: VerificationStatus;
  userType: UserType;
  firstName: string;
}

interface Entry {
  principal: SessionPrincipal;
  cachedAt: number;
}

interface ProfileEntry {
  profile: Profile;
  cachedAt: number;
}

export interface PrincipalCacheOptions {
  /** Sessions remembered at most; the least recently used goes first. */
  maxEntries?: number;
  /** A remembered answer is read again after this long even if no change was announced. */
  ttlMs?: number;
}

/**
 * Remembers, per API instance, who each live session acts for, so a signed-in request does not query
 * the database to learn it, and each user's profile (GET /user/me), which every page asks for. The
 * database announces every change either depends on (a revoked session, a deactivated user, a changed
 * name or phone number, a company's details or verification) on PRINCIPAL_CHANGED_CHANNEL, which every
 * instance LISTENs on; each drops what the change touches. Until it listens, and while a lost connection
 * is being restored, it remembers nothing.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly profiles = new Map<string, ProfileEntry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  /** Bumped by every change: an answer read from the database while one arrived is not remembered. */
  private generation = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /**
   * False from the moment the LISTEN connection drops until it is back: the database may return (and a
   * session be signed out) before the channel does, and that announcement would never be heard.
   */
  private connected = false;
  /** Who waits for an announcement to be heard (see heard()). */
  private readonly waiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly database: Database,
    options: PrincipalCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 20_000;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  async start(): Promise<void> {
    if (this.stopListening) return;
    this.stopListening = await this.database.listen(PRINCIPAL_CHANGED_CHANNEL, {
      onNotify: (payload) => this.forget(payload),
      onResync: () => {
        this.clear();
        this.connected = true;
      },
      onLost: () => {
        this.connected = false;
        this.clear();
      },
    });
    this.connected = true;
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.connected = false;
    this.clear();
    await stop?.();
  }

  /**
   * The principal of a session: remembered, or read with `load` and remembered when the session is
   * live and nothing changed while it was read.
   */
  async lookup(
    sessionId: string,
    userId: string,
    load: () => Promise<SessionPrincipal | undefined>,
  ): Promise<SessionPrincipal | undefined> {
    const now = Date.now();
    const hit = this.entries.get(sessionId);
    if (hit && this.connected && hit.principal.userId === userId && now - hit.cachedAt < this.ttlMs) {
      // Re-inserting keeps the Map's order least-recently-used first.
      this.entries.delete(sessionId);
      this.entries.set(sessionId, hit);
      return hit.principal;
    }
    const generation = this.generation;
    const principal = await load();
    if (principal && this.connected && generation === this.generation) {
      this.entries.delete(sessionId);
      this.entries.set(sessionId, { principal, cachedAt: now });
      if (this.entries.size > this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value!);
      }
    }
    return principal;
  }

  /** The profile of a user: remembered, or read with `load` and remembered when nothing changed meanwhile. */
  async profile(userId: string, load: () => Promise<Profile>): Promise<Profile> {
    const now = Date.now();
    const hit = this.profiles.get(userId);
    if (hit && this.connected && now - hit.cachedAt < this.ttlMs) {
      this.profiles.delete(userId);
      this.profiles.set(userId, hit);
      return hit.profile;
    }
    const generation = this.generation;
    const profile = await load();
    if (this.connected && generation === this.generation) {
      this.profiles.delete(userId);
      this.profiles.set(userId, { profile, cachedAt: now });
      if (this.profiles.size > this.maxEntries) {
        this.profiles.delete(this.profiles.keys().next().value!);
      }
    }
    return profile;
  }

  /**
   * Resolves once an announcement of `payload` has been acted on. Announcements on the channel arrive in
   * commit order, so one sent after a change is heard after that change's (tests use it on PostgreSQL).
   */
  heard(payload: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.set(payload, [...(this.waiters.get(payload) ?? []), resolve]);
    });
  }

  /** Drops what a "s:", "u:" or "c:" announcement touches; anything else clears every entry. */
  forget(payload: string): void {
    this.drop(payload);
    const waiting = this.waiters.get(payload);
    this.waiters.delete(payload);
    waiting?.forEach((resolve) => resolve());
  }

  private drop(payload: string): void {
    this.generation++;
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') {
      this.entries.delete(id);
      return;
    }
    const field = kind === 'u:' ? 'userId' : kind === 'c:' ? 'companyId' : null;
    if (!field || !id) {
      this.entries.clear();
      this.profiles.clear();
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.principal[field] === id) this.entries.delete(sessionId);
    }
    if (field === 'userId') this.profiles.delete(id);
    else {
      for (const [userId, entry] of this.profiles) {
        if (entry.profile.company.id === id) this.profiles.delete(userId);
      }
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.profiles.clear();
  }

  /** How many sessions are remembered, for tests. */
  get size(): number {
    return this.entries.size;
  }
}
