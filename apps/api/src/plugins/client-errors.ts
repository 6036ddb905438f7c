import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { JSON_UTF8 } from '../lib/http-cache';
import { JSON_SECURITY_HEADERS, JSON_SECURITY_HEADERS_OVER_HTTPS } from '../lib/json-security-headers';

/**
 * Requests that never reach a route: bytes node's HTTP parser refuses, headers past its size limit, a
 * request that stalls, an address fastify's router cannot decode. Fastify's default answers to these carry
 * none of the security headers, and the router's repeat the whole address back; these answers are the
 * API's JSON, with a message that says what was wrong, and the same nosniff and CSP as every JSON answer.
 */

interface Refusal {
  status: 400 | 408 | 431;
  reason: string;
  message: string;
}

const MALFORMED: Refusal = {
  status: 400,
  reason: 'Bad Request',
  message: 'The request is not valid HTTP: check its request line and headers.',
};

function refusalFor(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      message: 'The request headers are too large.',
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' };
  return MALFORMED;
}

function bodyOf(refusal: Refusal): string {
  return JSON.stringify({ message: refusal.message, code: 'BAD_REQUEST' });
}

/** Fastify's `clientErrorHandler`: answers what the parser refused, then closes the connection. */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = refusalFor(error.code);
  this.log.debug({ code: error.code }, 'a request the HTTP parser refused');
  // Only when nothing was written yet: an answer already under way (a refusal that closes the connection,
  // whose unread body then fails to parse) must not get a second one glued to it.
  if (socket.writable && socket.bytesWritten === 0) {
    const body = bodyOf(refusal);
    const headers = {
      ...JSON_SECURITY_HEADERS,
      'content-type': JSON_UTF8,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/**
 * An HTTP/1.1 request without a Host header must get a 400 (RFC 9112 §3.2). Node answers it itself with no
 * body when its server requires the header; the server turns that off and answers here instead, so the
 * refusal is the API's JSON like every other. True when `req` was answered.
 */
export function refusedForMissingHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.host !== undefined || req.httpVersionMajor !== 1 || req.httpVersionMinor < 1) return false;
  const body = JSON.stringify({ message: 'The request has no Host header.', code: 'BAD_REQUEST' });
  res.shouldKeepAlive = false;
  res.writeHead(400, {
    ...JSON_SECURITY_HEADERS,
    'content-type': JSON_UTF8,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Fastify's `frameworkErrors`: an address whose percent-encoding is broken, or whose path parameter is past
 * the router's length limit, is refused before routing, so neither the error handler nor the hooks that set
 * the security headers run for it.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'A part of the address is too long.']
      : [400, 'The address is not valid: check its percent-encoding (%XX).'];
  void reply
    .code(status)
    .headers(request.protocol === 'https' ? JSON_SECURITY_HEADERS_OVER_HTTPS : JSON_SECURITY_HEADERS)
    .header('content-type', JSON_UTF8)
    .send(JSON.stringify({ message, code: 'BAD_REQUEST' }));
}
