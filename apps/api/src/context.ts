import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { JobQueue } from './plugins/jobs';
import type { Mailer } from './plugins/mail';
import type { CompanyAnswers } from './plugins/company-answers';
import type { PrincipalCache } from './plugins/principal-cache';
import type { ReplicaReads } from './plugins/replica-reads';
import type { RateLimiter } from './plugins/rate-limit';
import type { Storage } from './plugins/storage';
import type { TripEvents } from './plugins/trip-events';
import type { TokenSigner } from './lib/jwt';
import type { SecretBox } from './lib/secret-box';
import type { UnsubscribeTokens } from './lib/unsubscribe-token';

/**
 * What services need from the outside world, built once per app (app.ts). A module that keeps state of its
 * own per app (the public pages' memory, the position poller, the payment provider…) adds its field here
 * from its index.ts (`declare module '../../context'`), so this file imports no module.
 */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  outboxDir: string;
  rateLimiter: RateLimiter;
  tokens: TokenSigner;
  storage: Storage;
  /** Committed trip changes, for live pages and caches. */
  tripEvents: TripEvents;
  /** Who each live session acts for, remembered per instance until the database announces a change. */
  principals: PrincipalCache;
  /** Companies' signed-in answers (their lists), remembered per instance until a change to them commits. */
  answers: CompanyAnswers;
  /** Where the heavy reads (reports, exports, the map) go: the read replica when it may answer, else the primary. */
  replica: ReplicaReads;
  /** Encrypts and opens the secrets kept in the database (tracking accounts' passwords and tokens). */
  secretBox: SecretBox;
  /** Signs and checks the one-click unsubscribe links of e-mails. */
  unsubscribeTokens: UnsubscribeTokens;
}
