import { ApiError, NETWORK_ERROR_MESSAGE, toApiError, type ApiSession } from './api';

/** What a file must be to be sent: its kinds and its size. */
export interface FileRule {
  mimeTypes: readonly string[];
  /** Name endings accepted when the browser knows no MIME type; without them the type must be known. */
  extensions?: readonly string[];
  maxBytes: number;
  /** The kinds in words, e.g. "a PDF, JPEG or PNG file". */
  kinds: string;
  /** What the file is called in the messages: "file", "photo". */
  noun: string;
}

/** The browser's own check before sending, in the user's words; the server reads the content and checks again. */
export function fileProblem(file: File, rule: FileRule): string | null {
  const name = file.name.toLowerCase();
  const typeOk = file.type
    ? rule.mimeTypes.includes(file.type)
    : (rule.extensions ?? []).some((extension) => name.endsWith(extension));
  if (!typeOk) return `Choose ${rule.kinds}.`;
  if (file.size === 0) return `This file is empty. Choose the ${rule.noun} again.`;
  if (file.size > rule.maxBytes)
    return `The ${rule.noun} must be at most ${rule.maxBytes / (1024 * 1024)} MB.`;
  return null;
}

export interface UploadFileRequest {
  url: string;
  /** Absent for a form whose file is optional and was not chosen. */
  file: File | null;
  /** Text fields sent before the file, in this order, for servers that read the parts as a stream. */
  fields?: Record<string, string>;
  session: ApiSession;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
  /** PUT replaces the one file a record holds (a driver's photo); POST (default) adds a file. */
  method?: 'POST' | 'PUT';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(
  method: 'POST' | 'PUT',
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress, which matters on slow networks.
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, body: parseJson(request.responseText) });
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR'));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/**
 * Sends a form as multipart: `fields`, then the file (field `file`) when there is one, reporting progress in percent, and
 * answers the JSON body. A 401 renews the session once and sends the file again.
 */
export async function uploadFile<T>({
  url,
  file,
  fields = {},
  session,
  onProgress,
  signal,
  method = 'POST',
}: UploadFileRequest): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file, file.name);
  const token = session.getAccessToken();
  let answer = await send(method, url, form, token, onProgress, signal);
  if (answer.status === 401 && token) {
    if ((await session.refresh()) && session.getAccessToken()) {
      onProgress(0);
      answer = await send(method, url, form, session.getAccessToken(), onProgress, signal);
      if (answer.status === 401) session.expire();
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, answer.body);
  return answer.body as T;
}
