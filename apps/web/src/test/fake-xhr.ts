import { vi } from 'vitest';

export interface RecordedUpload {
  url: string;
  headers: Record<string, string>;
  form: FormData;
}

export interface UploadReply {
  status: number;
  body: unknown;
}

/**
 * Replaces XMLHttpRequest for upload tests: each send reports 50 % progress at once, then answers
 * with what `handler` resolves to (hold the promise to look at the page mid-upload).
 */
export function mockXhrUpload(handler: (request: RecordedUpload) => UploadReply | Promise<UploadReply>) {
  const requests: RecordedUpload[] = [];
  class FakeXmlHttpRequest {
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};

    open(_method: string, url: string) {
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(form: FormData) {
      const request = { url: this.url, headers: this.headers, form };
      requests.push(request);
      queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }));
      void Promise.resolve(handler(request)).then((reply) => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXmlHttpRequest);
  return { requests };
}

/** A promise with its resolve handed out, to finish an upload when the test is ready. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
