import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env';
import type { AppError } from '../../errors';
import type { PublicLimits } from './public-limits';
import { etagMatches, JSON_UTF8 } from '../../lib/http-cache';
import { JSON_SECURITY_HEADERS, JSON_SECURITY_HEADERS_OVER_HTTPS } from '../../lib/json-security-headers';
import { cameOverHttps, PUBLIC_CACHE_CONTROL } from './public-response';
import type { Answer } from './packed-generation';
import type { PublicTrackingCache } from './public-tracking-cache.service';
import { isPublicLinkId } from './public-tracking.service';

const TRACKING_PREFIX = '/api/v1/trips/open-access/';
const ONGOING_SEGMENT = 'ongoing/';

const trustEveryHop = () => true;

/** The caller's IP exactly as fastify's request.ip gives it under the same trustProxy setting. */
function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) return proxyAddr(req, trustEveryHop);
  return req.socket.remoteAddress ?? '';
}

function send(req: IncomingMessage, res: ServerResponse, doc: Answer, trustProxy: boolean): number {
  const security = cameOverHttps(req, trustProxy) ? JSON_SECURITY_HEADERS_OVER_HTTPS : JSON_SECURITY_HEADERS;
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, doc.etag)) {
    res.writeHead(304, { ...security, etag: doc.etag, 'cache-control': PUBLIC_CACHE_CONTROL });
    res.end();
    return 304;
  }
  res.writeHead(200, {
    ...security,
    etag: doc.etag,
    'cache-control': PUBLIC_CACHE_CONTROL,
    'content-type': JSON_UTF8,
    'content-length': Buffer.byteLength(doc.body),
  });
  res.end(doc.body);
  return 200;
}

/**
 * The public tracking lookups that memory can answer, answered before fastify sees the request.
 *
 * A tracking link is opened by many people, over and over, on every refresh and every poll; the answer is
 * already in memory, serialised, with its ETag. Routing, hooks, the reply object and its header handling
 * would then cost more than everything else together, so this lane answers such a request itself, from
 * the raw node request, with the same headers, the same ETag rule and the same per-IP limit as the route.
 *
 * It answers only what is certain: a GET of `/api/v1/trips/open-access/{id}` (or `…/ongoing/{id}`) whose
 * id is well formed and whose answer is in memory. Everything else (a miss, a dead link, HEAD, a query
 * string, a trailing slash, an encoded character, any other route) goes to fastify untouched. One lane
 * per app; `log` gets the same "request completed" line fastify would write.
 */
export class PublicTrackingFastLane {
  /** How many requests the lane answered, for the benchmark's report and the tests. */
  answered = 0;
  /** Requests the lane counted and refused; the route answers them (429) without counting them again. */
  private readonly refusals = new WeakMap<IncomingMessage, AppError>();
  private readonly trustProxy: boolean;
  private readonly logRequests: boolean;

  constructor(
    private readonly cache: PublicTrackingCache,
    private readonly limits: PublicLimits,
    env: Pick<Env, 'TRUST_PROXY' | 'LOG_LEVEL'>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.trustProxy = env.TRUST_PROXY;
    this.logRequests = ['info', 'debug', 'trace'].includes(env.LOG_LEVEL);
  }

  /** The refusal the lane gave `req`, if it refused it. */
  refusal(req: IncomingMessage): AppError | undefined {
    return this.refusals.get(req);
  }

  /** Answers `req` when memory can; false leaves it to fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(TRACKING_PREFIX)) return false;
    let key = url.slice(TRACKING_PREFIX.length);
    let documents = this.cache.tracking;
    if (key.startsWith(ONGOING_SEGMENT)) {
      key = key.slice(ONGOING_SEGMENT.length);
      documents = this.cache.ongoing;
    }
    // The id pattern admits no slash, query, percent sign or dot, so the path is exactly what fastify
    // would have routed to the same id.
    if (!isPublicLinkId(key)) return false;
    const started = this.logRequests ? performance.now() : 0;
    const doc = documents.peek(key, Date.now());
    if (doc === undefined) return false;
    try {
      this.limits.allow(clientIp(req, this.trustProxy));
    } catch (error) {
      this.refusals.set(req, error as AppError);
      return false;
    }
    const statusCode = send(req, res, doc, this.trustProxy);
    this.answered++;
    if (this.logRequests) {
      this.log.info(
        {
          req: { method: req.method, url, remoteAddress: req.socket.remoteAddress },
          res: { statusCode },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
    return true;
  }
}
