import {
  notificationItem,
  notificationListResponse,
  type NotificationItem,
  type NotificationListResponse,
} from '@freightlane/domain';
import { vi } from 'vitest';
import { apiFixture } from '../../test/api-fixture';
import { mockApi, type MockReply, type RecordedRequest } from '../../test/api-mock';

let sequence = 0;

/** A notification as the API lists it: a bid received on one of the customer's orders by default. */
export function notification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  sequence += 1;
  return apiFixture(notificationItem, {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'BID_RECEIVED',
    title: 'New bid on ORD-2026-000042',
    body: 'Kano Haulage Ltd bid ₦450,000.00 per truck.',
    link: '/orders/order-42',
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  });
}

export function notificationPage(
  content: NotificationItem[],
  unreadCount = content.filter((n) => !n.read).length,
  { number = 0, size = 20, totalElements = content.length } = {},
): NotificationListResponse {
  return apiFixture(notificationListResponse, {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
    number,
    size,
    unreadCount,
  });
}

/** One Server-Sent Events answer whose bytes the test writes as it goes. */
export interface FakeEventStream {
  response: Response;
  send(text: string): void;
  close(): void;
}

export function createEventStream(): FakeEventStream {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    // Bytes from Node's Buffer: jsdom's TextEncoder gives an array the stream does not take.
    send: (text) => controller?.enqueue(new Uint8Array(Buffer.from(text, 'utf8'))),
    close: () => controller?.close(),
  };
}

export const EVENTS_URL = '/api/v1/notifications/events';

/**
 * mockApi for JSON calls, with GET /api/v1/notifications/events answered by the streams the test
 * opens: each connection takes the next one from `streams`, or a 503 once they run out.
 */
export function mockNotificationApi(
  routes: Record<string, MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>)>,
  streams: FakeEventStream[] = [],
) {
  const api = mockApi(routes);
  const json = api.fetchMock;
  const opened: RequestInit[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === EVENTS_URL) {
      opened.push(init);
      const next = streams.shift();
      return next ? next.response : new Response(null, { status: 503 });
    }
    return json(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { ...api, fetchMock, opened };
}

/** The bytes of one event as the API writes it. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
