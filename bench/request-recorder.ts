/**
 * A few connections that send requests back to back and keep every one's outcome: when it began and
 * ended, the status or the transport error, and whether the answer was JSON with a message. The fault
 * runs read what happened around a fault from it (the load driver only counts); it is light on
 * purpose, so it adds little to the load it watches.
 */

export interface RecordedRequest {
  kind: string;
  /** performance.now() when it was sent and when its answer (or error) was complete. */
  startedAt: number;
  endedAt: number;
  status: number | null;
  /** The transport error's code (ECONNREFUSED, UND_ERR_SOCKET…), or "timeout" when no answer came in time. */
  error: string | null;
  /** The answer was JSON with a non-empty `message`. */
  withMessage: boolean;
}

export interface RequestSpec {
  kind: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  token?: string;
  body?: () => unknown;
}

/** Longer than any answer the API should take even while a fault lasts: past it, the request hung. */
export const HANG_MS = 15_000;

function errorCode(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timeout';
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

export async function send(origin: string, spec: RequestSpec): Promise<RecordedRequest> {
  const startedAt = performance.now();
  try {
    const body = spec.body?.();
    const res = await fetch(`${origin}${spec.path}`, {
      method: spec.method,
      headers: {
        ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await res.text();
    let withMessage = false;
    if (res.headers.get('content-type')?.includes('application/json')) {
      try {
        const message = (JSON.parse(text) as { message?: unknown }).message;
        withMessage = typeof message === 'string' && message.length > 0;
      } catch {
        // Not JSON after all: withMessage stays false.
      }
    }
    return {
      kind: spec.kind,
      startedAt,
      endedAt: performance.now(),
      status: res.status,
      error: null,
      withMessage,
    };
  } catch (error) {
    return {
      kind: spec.kind,
      startedAt,
      endedAt: performance.now(),
      status: null,
      error: errorCode(error),
      withMessage: false,
    };
  }
}

export interface Recorder {
  records: RecordedRequest[];
  /** Stops sending and resolves once every request under way has ended. */
  stop(): Promise<RecordedRequest[]>;
}

/** `connections` loops, each sending the specs in turn (offset by its number) until stopped. */
export function startRecorder(origin: () => string, connections: number, specs: RequestSpec[]): Recorder {
  const records: RecordedRequest[] = [];
  let stopped = false;
  const loops = Array.from({ length: connections }, async (_, n) => {
    for (let i = n; !stopped; i++) {
      const record = await send(origin(), specs[i % specs.length]!);
      records.push(record);
      // A refused connection answers at once: pause so a down server is not asked in a tight loop.
      if (record.error) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    records,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return records;
    },
  };
}
