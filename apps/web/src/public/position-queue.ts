import type { PhonePositionInput } from '@freightlane/domain/tracking';

/** The most positions kept while offline: a day and more at one every 30 s. */
export const MAX_QUEUED = 5000;
/** Positions sent in one request, as the API takes them. */
export const BATCH = 500;

/**
 * The positions a driver's phone has not delivered yet, kept in the browser's storage so they survive a
 * closed tab or a dead battery, and sent oldest first when the network is back. The server stores a
 * position once per truck and time, so sending one again after a lost answer changes nothing.
 */
export class PositionQueue {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {}

  list(): PhonePositionInput[] {
    try {
      const parsed = JSON.parse(this.storage.getItem(this.key) ?? '[]') as unknown;
      return Array.isArray(parsed) ? (parsed as PhonePositionInput[]) : [];
    } catch {
      return [];
    }
  }

  add(position: PhonePositionInput): void {
    this.save([...this.list(), position].slice(-MAX_QUEUED));
  }

  /** Drops the first `count` positions (those a request delivered). */
  drop(count: number): void {
    this.save(this.list().slice(count));
  }

  private save(items: PhonePositionInput[]): void {
    try {
      if (items.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(items));
    } catch {
      // A full storage keeps what it had; the newest positions are the ones lost.
    }
  }
}

export type SendOutcome =
  | { kind: 'sent'; stored: number; refused: string[] }
  | { kind: 'offline' }
  | { kind: 'link-invalid'; message: string };

/**
 * Sends the queue in batches, oldest first, until it is empty or the network fails. A refused position
 * (too old, not on a trip) is dropped with the reason: sending it again would be refused again.
 */
export async function sendQueue(
  queue: PositionQueue,
  token: string,
  fetchFn: typeof fetch = fetch,
): Promise<SendOutcome> {
  let stored = 0;
  const refused: string[] = [];
  for (;;) {
    const batch = queue.list().slice(0, BATCH);
    if (batch.length === 0) return { kind: 'sent', stored, refused };
    let response: Response;
    try {
      response = await fetchFn(`/api/v1/driver/${encodeURIComponent(token)}/positions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ positions: batch }),
      });
    } catch {
      return { kind: 'offline' };
    }
    if (response.status === 404) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      return { kind: 'link-invalid', message: body.message ?? 'This driver link is not valid.' };
    }
    if (response.status >= 500 || response.status === 429) return { kind: 'offline' };
    if (response.ok) {
      const body = (await response.json()) as { stored: number; refused: { message: string }[] };
      stored += body.stored;
      refused.push(...body.refused.map((r) => r.message));
    }
    // A 400 means the batch cannot be stored as sent; it is dropped rather than blocking the queue.
    queue.drop(batch.length);
  }
}
