import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

/**
 * Replaces fetch. Routes are keyed 'METHOD /path' (the query string is ignored for matching);
 * an unknown call answers 404. Returns the recorded requests.
 */
export function mockApi(routes: Record<string, Handler | MockReply>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = { method, url, headers, body };
    requests.push(request);
    const path = url.split('?')[0] ?? url;
    const route = routes[`${method} ${path}`];
    const reply: MockReply = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: { message: `No mock for ${method} ${path}` } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.url.split('?')[0]}` === key),
  };
}
