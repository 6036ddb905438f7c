import type {
  DriverActionResult,
  ExpenseKind,
  PhonePositionInput,
  TripDocumentKind,
  TripIssueType,
  TripStatus,
} from '@freightlane/domain/driver';

/** The most positions kept while offline: a day and more at one every 30 s. Actions are never trimmed. */
export const MAX_QUEUED = 5000;
/** Positions sent in one request, as the API takes them. */
export const BATCH = 500;
/**
 * The largest photo kept on the phone until it is sent (the page shrinks camera photos well below this
 * first). Photos wait in localStorage as base64, and a browser gives a site about 5 MB of it in all, so a
 * cap keeps room for a few photos and the positions.
 */
export const MAX_QUEUED_PHOTO_BYTES = 1_500_000;

/** Where the phone was when the driver acted, sent with the action. */
export interface PhoneSpot {
  latitude: number;
  longitude: number;
}

export type ActionBody =
  | {
      action: 'STATUS';
      tripStatus: TripStatus;
      handoverCode?: string;
      position?: PhoneSpot;
    }
  | { action: 'ISSUE'; issueType: TripIssueType; description: string; position?: PhoneSpot }
  | { action: 'DOCUMENT'; kind: TripDocumentKind; fileName: string }
  | {
      action: 'EXPENSE';
      /** The trip the driver was on, so an expense sent after the delivery still lands on it. */
      tripId: string;
      kind: ExpenseKind;
      /** Diesel is litres and the price a litre; every other kind an amount. */
      amountKobo?: number;
      litres?: number;
      pricePerLitreKobo?: number;
      note?: string;
      /** When the driver recorded it on the phone: the time it was spent. */
      spentAt: string;
      position?: PhoneSpot;
      /** The receipt photo's name, when one waits beside the action. */
      fileName?: string;
    }
  | { action: 'EXPENSE_REPLY'; expenseId: string; note: string; fileName?: string };

/** An action waiting to be sent, with the id that makes a resend harmless and the words the page shows. */
export type QueuedAction = ActionBody & { type: 'action'; clientActionId: string; label: string };
export type QueueItem = { type: 'position'; position: PhonePositionInput } | QueuedAction;

/** An action the server refused for good (a 4xx), with its reason. */
export interface DroppedAction {
  label: string;
  message: string;
}

export class QueueFullError extends Error {}

/** A new action's id (a UUID v4); crypto.randomUUID is missing on pages not served over HTTPS. */
export function newActionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Items stored before actions existed were bare positions. */
function itemOf(raw: unknown): QueueItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const item = raw as Partial<QueueItem> & Partial<PhonePositionInput>;
  if (item.type === 'action' || item.type === 'position') return item as QueueItem;
  return typeof item.latitude === 'number' ? { type: 'position', position: raw as PhonePositionInput } : null;
}

/**
 * What a driver's phone has not delivered yet, positions and actions in the order they happened, kept in
 * the browser's storage so they survive a closed tab or a dead battery, and sent in that order when the
 * network is back. The server stores a position once per truck and time and an action once per
 * clientActionId, so sending one again after a lost answer changes nothing. A photo's bytes wait under
 * their own key, so the list stays small to rewrite.
 */
export class DriverQueue {
  private running: Promise<SendOutcome> | null = null;
  private again = false;

  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {}

  list(): QueueItem[] {
    try {
      const parsed = JSON.parse(this.storage.getItem(this.key) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.map(itemOf).filter((i): i is QueueItem => i !== null) : [];
    } catch {
      return [];
    }
  }

  actions(): QueuedAction[] {
    return this.list().filter((i): i is QueuedAction => i.type === 'action');
  }

  addPosition(position: PhonePositionInput): void {
    const items = [...this.list(), { type: 'position' as const, position }];
    // Past the cap the oldest positions go; an action the driver took is never thrown away here.
    let excess = items.filter((i) => i.type === 'position').length - MAX_QUEUED;
    const kept = items.filter((i) => !(i.type === 'position' && excess-- > 0));
    try {
      this.save(kept);
    } catch {
      // A full storage keeps what it had; the newest position is the one lost.
    }
  }

  /** Queues an action; a photo's data (a data: URL) is kept beside it. Throws QueueFullError when it cannot. */
  addAction(action: QueuedAction, photoData?: string): void {
    try {
      if (photoData !== undefined) this.storage.setItem(this.photoKey(action.clientActionId), photoData);
      this.save([...this.list(), action]);
    } catch {
      this.storage.removeItem(this.photoKey(action.clientActionId));
      throw new QueueFullError(
        'The phone has no room left to keep this until the network returns. Connect to send what is waiting, then try again.',
      );
    }
  }

  photoOf(clientActionId: string): string | null {
    return this.storage.getItem(this.photoKey(clientActionId));
  }

  /** Drops the first `count` items (those a request delivered or the server refused for good). */
  drop(count: number): void {
    const items = this.list();
    for (const item of items.slice(0, count)) {
      if (item.type === 'action') this.storage.removeItem(this.photoKey(item.clientActionId));
    }
    try {
      this.save(items.slice(count));
    } catch {
      // Removing never needs more room.
    }
  }

  /**
   * Sends what waits, in order. A send asked for while one runs joins it, and the running one goes round
   * once more so an item queued meanwhile is not left for the next timer.
   */
  send(token: string, fetchFn: typeof fetch = fetch): Promise<SendOutcome> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      const report = emptyReport();
      let outcome: SendOutcome;
      do {
        this.again = false;
        outcome = await sendQueue(this, token, fetchFn, report);
      } while (this.again && outcome.kind === 'sent');
      return outcome;
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private photoKey(clientActionId: string): string {
    return `${this.key}.photo.${clientActionId}`;
  }

  private save(items: QueueItem[]): void {
    if (items.length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(items));
  }
}

/** What one round of sending did, whatever stopped it. */
export interface SendReport {
  stored: number;
  /** Why positions were refused (too old, not on a trip). */
  refused: string[];
  /** The actions the server recorded (or had recorded from an earlier send). */
  recorded: DriverActionResult[];
  dropped: DroppedAction[];
}

export type SendOutcome = SendReport &
  ({ kind: 'sent' } | { kind: 'offline' } | { kind: 'link-invalid'; message: string });

const emptyReport = (): SendReport => ({ stored: 0, refused: [], recorded: [], dropped: [] });

async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  return typeof body.message === 'string' && body.message ? body.message : fallback;
}

/** A data: URL back to the bytes it holds, for the upload. */
function blobOf(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** An expense's fields as the multipart form sends them: every value as text, absent ones left out. */
function expenseFields(action: Extract<QueuedAction, { action: 'EXPENSE' }>): Record<string, string> {
  const values: Record<string, string | number | undefined> = {
    tripId: action.tripId,
    kind: action.kind,
    amountKobo: action.amountKobo,
    litres: action.litres,
    pricePerLitreKobo: action.pricePerLitreKobo,
    note: action.note,
    spentAt: action.spentAt,
    latitude: action.position?.latitude,
    longitude: action.position?.longitude,
  };
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
}

/** A form of text fields, then the photo (field `file`) when one waits beside the action. */
function formOf(
  fields: Record<string, string>,
  photo: string | null,
  fileName: string | undefined,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append('file', blobOf(photo), fileName ?? 'photo.jpg');
  return form;
}

function requestOf(base: string, action: QueuedAction, photo: string | null): [string, RequestInit] {
  const id = { clientActionId: action.clientActionId };
  if (action.action === 'DOCUMENT') {
    return [
      `${base}/documents`,
      { method: 'POST', body: formOf({ ...id, kind: action.kind }, photo, action.fileName) },
    ];
  }
  if (action.action === 'EXPENSE') {
    return [
      `${base}/expenses`,
      { method: 'POST', body: formOf({ ...id, ...expenseFields(action) }, photo, action.fileName) },
    ];
  }
  if (action.action === 'EXPENSE_REPLY') {
    return [
      `${base}/expenses/${encodeURIComponent(action.expenseId)}/reply`,
      { method: 'POST', body: formOf({ ...id, note: action.note }, photo, action.fileName) },
    ];
  }
  const { type: _type, label: _label, action: kind, ...body } = action;
  return [
    `${base}/${kind === 'STATUS' ? 'status' : 'issues'}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  ];
}

/** A request that may work later: no network, a timeout, too many requests, or trouble on the server. */
const worthRetrying = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Sends the queue in order until it is empty or the network fails: runs of positions in batches, each
 * action on its own. A refused position (too old, not on a trip) and an action refused with a 4xx (a step
 * already taken, a wrong handover code) are dropped with the reason: sending them again would be refused
 * again. A dead link (404) stops everything.
 */
export async function sendQueue(
  queue: DriverQueue,
  token: string,
  fetchFn: typeof fetch = fetch,
  report: SendReport = emptyReport(),
): Promise<SendOutcome> {
  const base = `/api/v1/driver/${encodeURIComponent(token)}`;
  for (;;) {
    const items = queue.list();
    const head = items[0];
    if (!head) return { kind: 'sent', ...report };
    const run = head.type === 'position' ? items.slice(0, BATCH).findIndex((i) => i.type !== 'position') : 1;
    const count = run === -1 ? Math.min(items.length, BATCH) : run;
    const [url, init] =
      head.type === 'position'
        ? [
            `${base}/positions`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                positions: items.slice(0, count).flatMap((i) => (i.type === 'position' ? [i.position] : [])),
              }),
            },
          ]
        : requestOf(base, head, queue.photoOf(head.clientActionId));
    let response: Response;
    try {
      response = await fetchFn(url, init);
    } catch {
      return { kind: 'offline', ...report };
    }
    if (response.status === 404) {
      return {
        kind: 'link-invalid',
        message: await messageOf(response, 'This driver link is not valid.'),
        ...report,
      };
    }
    if (worthRetrying(response.status)) return { kind: 'offline', ...report };
    if (head.type === 'position') {
      if (response.ok) {
        const body = (await response.json()) as { stored: number; refused: { message: string }[] };
        report.stored += body.stored;
        report.refused.push(...body.refused.map((r) => r.message));
      }
      // A 400 means the batch cannot be stored as sent; it is dropped rather than blocking the queue.
    } else if (response.ok) {
      report.recorded.push((await response.json()) as DriverActionResult);
    } else {
      report.dropped.push({
        label: head.label,
        message: await messageOf(response, 'The server refused this; it was not recorded.'),
      });
    }
    queue.drop(count);
  }
}
