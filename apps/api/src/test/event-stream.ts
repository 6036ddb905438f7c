import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a browser's EventSource would see it, with when it arrived. */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | undefined;
  receivedAt: number;
}

/** A Server-Sent Events response read as it arrives, over a real connection (inject waits for the end). */
export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event so far, in order. */
  events: StreamEvent[];
  /** `retry:` values and comment lines, in order. */
  retries: number[];
  comments: string[];
  /** The whole body, for answers that are not streams (404, 429 JSON). */
  text(): Promise<string>;
  /** The next event not taken yet that matches, waiting up to `timeoutMs`; fails if the stream ended first. */
  next(match?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves once the server ended the response. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Hangs up, as a closed tab would. */
  close(): void;
}

/** What a stream carried so far. */
export interface StreamRecord {
  events: StreamEvent[];
  retries: number[];
  comments: string[];
}

/** Reads one block of a stream (the text between blank lines) into `into`, as EventSource would. */
export function readEventBlock(block: string, into: StreamRecord): void {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      into.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    else if (field === 'retry') into.retries.push(Number(value));
  }
  if (data.length > 0) into.events.push({ event, data: data.join('\n'), id, receivedAt: Date.now() });
}

/** Reads a whole stream text. */
export function readEventText(text: string): StreamRecord {
  const record: StreamRecord = { events: [], retries: [], comments: [] };
  for (const block of text.split('\n\n')) if (block) readEventBlock(block, record);
  return record;
}

/** Serves `app` on a free local port (once) and answers its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (!address) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      response.setEncoding('utf8');
      const events: StreamEvent[] = [];
      const retries: number[] = [];
      const comments: string[] = [];
      let body = '';
      let pending = '';
      let taken = 0;
      let ended = false;
      const waiters = new Set<() => void>();
      const wake = () => {
        for (const waiter of [...waiters]) waiter();
      };

      const parseBlock = (block: string) => readEventBlock(block, { events, retries, comments });

      const endedPromise = new Promise<void>((resolveEnd) => {
        const finish = () => {
          if (ended) return;
          ended = true;
          resolveEnd();
          wake();
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      });
      response.on('data', (chunk: string) => {
        body += chunk;
        pending += chunk;
        let cut = pending.indexOf('\n\n');
        while (cut !== -1) {
          parseBlock(pending.slice(0, cut));
          pending = pending.slice(cut + 2);
          cut = pending.indexOf('\n\n');
        }
        wake();
      });

      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        retries,
        comments,
        text: async () => {
          await endedPromise;
          return body;
        },
        next(match = () => true, timeoutMs = 5000) {
          return new Promise<StreamEvent>((resolveEvent, rejectEvent) => {
            const look = () => {
              for (let i = taken; i < events.length; i++) {
                if (match(events[i]!)) {
                  taken = i + 1;
                  done();
                  resolveEvent(events[i]!);
                  return;
                }
              }
              if (ended) {
                done();
                rejectEvent(new Error(`The stream ended first; events: ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              done();
              rejectEvent(
                new Error(`No such event within ${timeoutMs} ms; events: ${JSON.stringify(events)}`),
              );
            }, timeoutMs);
            const done = () => {
              clearTimeout(timer);
              waiters.delete(look);
            };
            waiters.add(look);
            look();
          });
        },
        ended: endedPromise,
        isEnded: () => ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** Waits until `check` holds, polling, for at most `timeoutMs`; answers the last value it saw. */
export async function eventually<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Still not so after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
