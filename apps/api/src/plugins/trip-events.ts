import type { Database } from '../db/client';

/** The channel the database triggers announce trip changes on (migration 0003). */
export const TRIP_CHANGED_CHANNEL = 'trip_changed';

/**
 * The channel a customer company's rotated ongoing-trips share id is announced on (payload: the company
 * id). A rotation changes no trip, so trip_changed does not carry it.
 */
export const ONGOING_LINK_ROTATED_CHANNEL = 'ongoing_link_rotated';

/** One committed change to a trip, its status log, issues or consignment. */
export interface TripChange {
  tripId: string;
  customerCompanyId: string | null;
}

type ChangeListener = (change: TripChange) => void;

/**
 * Fans the database's trip_changed notifications out to this instance's listeners: a tracking page
 * follows one trip, an ongoing table one customer company, a cache every trip. Each instance LISTENs
 * on its own, so on PostgreSQL every API instance hears every change; on PGlite it is in-process.
 */
export class TripEvents {
  private readonly byTrip = new Map<string, Set<ChangeListener>>();
  private readonly byCompany = new Map<string, Set<ChangeListener>>();
  private readonly everyChange = new Set<ChangeListener>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly rotationListeners = new Set<(companyId: string) => void>();
  private stopListening: (() => Promise<void>)[] = [];

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.stopListening.length) return;
    const resync = () => {
      for (const listener of [...this.resyncListeners]) callSafely(() => listener());
    };
    this.stopListening.push(
      await this.database.listen(TRIP_CHANGED_CHANNEL, {
        onNotify: (payload) => {
          const change = parseTripChange(payload);
          if (change) this.emit(change);
        },
        onResync: resync,
      }),
      await this.database.listen(ONGOING_LINK_ROTATED_CHANNEL, {
        onNotify: (companyId) => {
          if (!companyId) return;
          for (const listener of [...this.rotationListeners]) callSafely(() => listener(companyId));
        },
        onResync: resync,
      }),
    );
  }

  async stop(): Promise<void> {
    const stops = this.stopListening.splice(0);
    await Promise.all(stops.map((stop) => stop()));
  }

  /** A company's ongoing-trips share id was replaced, on any instance: the old one must stop working. */
  onOngoingLinkRotated(listener: (companyId: string) => void): () => void {
    this.rotationListeners.add(listener);
    return () => this.rotationListeners.delete(listener);
  }

  onTrip(tripId: string, listener: ChangeListener): () => void {
    return addTo(this.byTrip, tripId, listener);
  }

  onCompany(companyId: string, listener: ChangeListener): () => void {
    return addTo(this.byCompany, companyId, listener);
  }

  onAnyChange(listener: ChangeListener): () => void {
    this.everyChange.add(listener);
    return () => this.everyChange.delete(listener);
  }

  /** Called after a lost connection came back: whatever was cached or shown may be stale. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** How many pages follow trips or companies on this instance, for tests and health checks. */
  get listenerCount(): number {
    let n = 0;
    for (const set of this.byTrip.values()) n += set.size;
    for (const set of this.byCompany.values()) n += set.size;
    return n;
  }

  /** How many followers wait for resyncs (every live page does), for tests and health checks. */
  get resyncListenerCount(): number {
    return this.resyncListeners.size;
  }

  private emit(change: TripChange): void {
    for (const listener of [...this.everyChange]) callSafely(() => listener(change));
    for (const listener of [...(this.byTrip.get(change.tripId) ?? [])]) callSafely(() => listener(change));
    if (change.customerCompanyId) {
      for (const listener of [...(this.byCompany.get(change.customerCompanyId) ?? [])]) {
        callSafely(() => listener(change));
      }
    }
  }
}

/** "<trip id>,<customer company id>" as the trigger writes it; anything else is ignored. */
export function parseTripChange(payload: string): TripChange | null {
  const [tripId, customerCompanyId] = payload.split(',');
  if (!tripId) return null;
  return { tripId, customerCompanyId: customerCompanyId || null };
}

/**
 * One failing listener must neither starve the others of the change nor throw into the database
 * driver's event emitter, where it would bring the process down.
 */
function callSafely(run: () => void): void {
  try {
    run();
  } catch (err) {
    console.error('A trip change listener failed', err);
  }
}

function addTo(map: Map<string, Set<ChangeListener>>, key: string, listener: ChangeListener): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    const current = map.get(key);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) map.delete(key);
  };
}
