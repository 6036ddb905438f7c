import { randomBytes } from 'node:crypto';
import { randomIp, type TestApp } from './test-app';

export interface MultipartFile {
  /** The file name the browser would send. */
  fileName: string;
  content: Buffer | string;
  /** The declared type; servers must not trust it, so tests may lie here. */
  contentType?: string;
  /** The form field; `file` unless given. */
  field?: string;
}

/**
 * A multipart/form-data body built by hand for `app.inject`: spread the result into the inject
 * options (`{ method, url, ...multipartBody({ type: 'X' }, file) }`).
 */
export function multipartBody(
  fields: Record<string, string>,
  file?: MultipartFile,
): { payload: Buffer; headers: { 'content-type': string } } {
  // Browsers percent-encode these in a multipart header (HTML's form-data encoding).
  const headerSafe = (v: string) => v.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const boundary = `----freightlane${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${headerSafe(name)}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${headerSafe(file.field ?? 'file')}"; filename="${headerSafe(file.fileName)}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest buffers each accepted file type is recognised by. */
export const SAMPLE_FILES = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: () =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    ]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF test image')]),
};

/** Sends a multipart upload as `token`; answers status and JSON body. */
export async function uploadAs(
  t: TestApp,
  url: string,
  token: string | undefined,
  fields: Record<string, string>,
  file?: MultipartFile,
) {
  const { payload, headers } = multipartBody(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : {} };
}
