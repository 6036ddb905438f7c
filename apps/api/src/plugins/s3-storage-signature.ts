import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests signed in the Authorization header, payload sent in one piece
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html). Only what the
 * storage needs: one service (s3), signed headers, no query-string presigning.
 */
export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const SIGV4_SERVICE = 's3';
const TERMINATOR = 'aws4_request';

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The SHA-256 of an empty body, which GET and DELETE sign. */
export const EMPTY_BODY_SHA256 = sha256Hex('');

/**
 * S3's URI encoding of one path segment or query part: every byte but the unreserved A-Z a-z 0-9 - . _ ~
 * as %XY in upper-case hex (encodeURIComponent leaves ! ' ( ) * alone, S3 does not).
 */
export function s3UriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The parts of a request that its signature covers. */
export interface CanonicalParts {
  method: string;
  /** The path exactly as sent: each segment already S3-URI-encoded. */
  canonicalUri: string;
  /** Query parameters, decoded; they are encoded and sorted here. */
  query: [string, string][];
  /** The signed headers, names in any case; values are trimmed and their inner spaces collapsed here. */
  headers: Record<string, string>;
  /** The hex SHA-256 of the body, or UNSIGNED-PAYLOAD, as sent in x-amz-content-sha256. */
  payloadHash: string;
}

export function canonicalRequest(parts: CanonicalParts): { text: string; signedHeaders: string } {
  const query = parts.query
    .map(([k, v]) => [s3UriEncode(k), s3UriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = Object.entries(parts.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => compare(a, b));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const text = [
    parts.method,
    parts.canonicalUri,
    query,
    ...headers.map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    parts.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

/** Byte order of ASCII text, as the protocol sorts; not the locale's. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `YYYYMMDD'T'HHMMSS'Z'`, the x-amz-date form of a moment. */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface SigningScope {
  /** The x-amz-date value. */
  amzDate: string;
  region: string;
}

export function credentialScope(scope: SigningScope): string {
  return `${scope.amzDate.slice(0, 8)}/${scope.region}/${SIGV4_SERVICE}/${TERMINATOR}`;
}

/** The hex signature of a canonical request under `secretAccessKey`. */
export function signature(secretAccessKey: string, scope: SigningScope, canonical: string): string {
  const stringToSign = [SIGV4_ALGORITHM, scope.amzDate, credentialScope(scope), sha256Hex(canonical)].join(
    '\n',
  );
  const date = hmac(`AWS4${secretAccessKey}`, scope.amzDate.slice(0, 8));
  const signingKey = hmac(hmac(hmac(date, scope.region), SIGV4_SERVICE), TERMINATOR);
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

/** The Authorization header value for a request of `parts`. */
export function authorizationHeader(
  credentials: { accessKeyId: string; secretAccessKey: string },
  scope: SigningScope,
  parts: CanonicalParts,
): string {
  const { text, signedHeaders } = canonicalRequest(parts);
  return (
    `${SIGV4_ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScope(scope)}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature(credentials.secretAccessKey, scope, text)}`
  );
}
