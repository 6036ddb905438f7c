import { describe, expect, it } from 'vitest';
import {
  amzDate,
  authorizationHeader,
  EMPTY_BODY_SHA256,
  s3UriEncode,
  sha256Hex,
} from './s3-storage-signature';

/** The credentials and moment of the worked examples in AWS's "Signature Calculations for the
 * Authorization Header" page (sig-v4-header-based-auth), whose signatures these tests expect. */
const AWS_EXAMPLE = {
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  scope: { amzDate: '20130524T000000Z', region: 'us-east-1' },
  host: 'examplebucket.s3.amazonaws.com',
};
const CREDENTIAL = 'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';

describe('Signature Version 4 (AWS worked examples)', () => {
  it('signs GET Object with a Range header', () => {
    const header = authorizationHeader(AWS_EXAMPLE.credentials, AWS_EXAMPLE.scope, {
      method: 'GET',
      canonicalUri: '/test.txt',
      query: [],
      headers: {
        Host: AWS_EXAMPLE.host,
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_BODY_SHA256,
        'x-amz-date': AWS_EXAMPLE.scope.amzDate,
      },
      payloadHash: EMPTY_BODY_SHA256,
    });
    expect(header).toBe(
      `AWS4-HMAC-SHA256 ${CREDENTIAL}, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ` +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs PUT Object with a signed payload and a key that needs encoding', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const header = authorizationHeader(AWS_EXAMPLE.credentials, AWS_EXAMPLE.scope, {
      method: 'PUT',
      canonicalUri: `/${s3UriEncode('test$file.text')}`,
      query: [],
      headers: {
        Host: AWS_EXAMPLE.host,
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': AWS_EXAMPLE.scope.amzDate,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payloadHash,
      },
      payloadHash,
    });
    expect(header).toContain('SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    expect(header).toContain('Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs GET Bucket with its query sorted and a valueless parameter', () => {
    const sign = (query: [string, string][]) =>
      authorizationHeader(AWS_EXAMPLE.credentials, AWS_EXAMPLE.scope, {
        method: 'GET',
        canonicalUri: '/',
        query,
        headers: {
          Host: AWS_EXAMPLE.host,
          'x-amz-date': AWS_EXAMPLE.scope.amzDate,
          'x-amz-content-sha256': EMPTY_BODY_SHA256,
        },
        payloadHash: EMPTY_BODY_SHA256,
      });
    expect(sign([['lifecycle', '']])).toContain(
      'Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(
      sign([
        ['prefix', 'J'],
        ['max-keys', '2'],
      ]),
    ).toContain('Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('S3 URI encoding and dates', () => {
  it('keeps only the unreserved characters as they are', () => {
    expect(s3UriEncode('AZaz09-._~')).toBe('AZaz09-._~');
    expect(s3UriEncode("a b/c$d!e'f(g)h*i+j=k")).toBe('a%20b%2Fc%24d%21e%27f%28g%29h%2Ai%2Bj%3Dk');
    expect(s3UriEncode('Lagos é')).toBe('Lagos%20%C3%A9');
  });

  it('writes x-amz-date in the basic ISO 8601 form', () => {
    expect(amzDate(new Date('2026-11-27T10:58:19.123Z'))).toBe('20261127T105819Z');
  });
});
