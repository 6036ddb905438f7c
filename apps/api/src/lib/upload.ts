import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { EXTENSION_OF, sniffFileType, type SniffedType } from './file-type';
import { unstorableTextError, unstorableTextField } from './unstorable-text';

export interface Upload {
  buffer: Buffer;
  fileName: string;
  mimeType: SniffedType;
  fields: Record<string, string>;
}

const TYPE_NAMES: Record<SniffedType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** A safe display name: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  return (cleaned || fallback).slice(0, 120);
}

/** The extensions a file of each kind may already carry. */
const EXTENSIONS: Record<SniffedType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

/**
 * `name` ending in an extension of the kind the content was recognised as: a PDF uploaded as "notes.html"
 * is kept as "notes.html.pdf", so the downloaded copy never opens as a page or a script on the user's
 * computer (OWASP ASVS V12.5.2).
 */
export function nameOfKind(name: string, type: SniffedType): string {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (extension !== undefined && EXTENSIONS[type].includes(extension)) return name;
  const suffix = `.${EXTENSION_OF[type]}`;
  return `${name.slice(0, 120 - suffix.length)}${suffix}`;
}

export interface UploadOptions {
  maxBytes: number;
  allowed: readonly SniffedType[];
  /** Text fields the form may carry beside the file; 10 unless said. */
  maxFields?: number;
}

/** A checked file of a form, with its text fields. */
export type UploadedFile = Omit<Upload, 'fields'>;

/**
 * Reads a multipart form: its text fields and at most one file (field `file`), which may be absent (or
 * empty, as a form sends a file input left empty). A
 * file's kind is read from its content; anything not in `allowed`, empty, or above `maxBytes` is a 400
 * naming the field.
 */
export async function readForm(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data', {
      errors: [{ field: 'file', message: 'Choose a file to upload' }],
    });
  }
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: options.maxFields ?? 10 },
    })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') file = { buffer, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const mb = Math.round(options.maxBytes / (1024 * 1024));
      throw new AppError('BAD_REQUEST', `The file is larger than ${mb} MB`, {
        errors: [{ field: 'file', message: `The file must be at most ${mb} MB` }],
      });
    }
    // Anything else that fails while the parts are read is the form's own fault: one of the FST_ limits,
    // or a missing or foreign boundary, a body cut short, a malformed part header (busboy's errors,
    // which carry no code).
    throw new AppError('BAD_REQUEST', 'The upload could not be read; send one file as multipart/form-data', {
      errors: [{ field: 'file', message: 'Send one file' }],
    });
  }
  const unstorable = unstorableTextField(fields, '');
  if (unstorable) throw unstorableTextError(unstorable);
  // A form whose file input was left empty still sends the part, with no bytes.
  if (!file || file.buffer.length === 0) return { fields, file: null };
  const mimeType = sniffFileType(file.buffer);
  if (!mimeType || !options.allowed.includes(mimeType)) {
    const names = options.allowed.map((t) => TYPE_NAMES[t]).join(', ');
    throw new AppError('BAD_REQUEST', `This file type is not accepted. Upload a ${names} file`, {
      errors: [{ field: 'file', message: `Upload a ${names} file` }],
    });
  }
  const fileName = nameOfKind(cleanFileName(file.fileName, 'document'), mimeType);
  return { fields, file: { buffer: file.buffer, fileName, mimeType } };
}

/** Reads one multipart file (field `file`), which must be there, plus its text fields. */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const { fields, file } = await readForm(request, options);
  if (!file) {
    throw new AppError('BAD_REQUEST', 'Choose a file to upload', {
      errors: [{ field: 'file', message: 'Choose a file to upload' }],
    });
  }
  return { ...file, fields };
}

/** Content-Disposition for a download: always an attachment, with the name safely encoded. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A form's text fields read with `schema`; a 400 naming each wrong field otherwise. */
export function formFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError('BAD_REQUEST', errors.map((e) => e.message).join('; '), { errors });
}
