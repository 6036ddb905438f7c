import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListener, Database } from '../db/client';
import {
  ONGOING_LINK_ROTATED_CHANNEL,
  TRIP_CHANGED_CHANNEL,
  TripEvents,
  parseTripChange,
  type TripChange,
} from './trip-events';

const TRIP_A = '0b7f2a52-5a1c-4c1e-9d4e-1f0a7c3e2b01';
const TRIP_B = '0b7f2a52-5a1c-4c1e-9d4e-1f0a7c3e2b02';
const LEKKI = '7a8e9f10-1111-4c1e-9d4e-1f0a7c3e2b01';
const IBADAN = '7a8e9f10-2222-4c1e-9d4e-1f0a7c3e2b02';

/** A database whose LISTEN is driven by the test: it records the channels and hands out their listeners. */
function fakeDatabase() {
  const state = {
    channels: [] as string[],
    listeners: new Map<string, ChannelListener>(),
    stopped: 0,
  };
  const database = {
    kind: 'pglite',
    listen: async (channel: string, listener: ChannelListener) => {
      state.channels.push(channel);
      state.listeners.set(channel, listener);
      return async () => {
        state.stopped += 1;
      };
    },
  } as unknown as Database;
  const notify = (payload: string) => state.listeners.get(TRIP_CHANGED_CHANNEL)!.onNotify(payload);
  const rotate = (companyId: string) =>
    state.listeners.get(ONGOING_LINK_ROTATED_CHANNEL)!.onNotify(companyId);
  const resync = () => state.listeners.get(TRIP_CHANGED_CHANNEL)!.onResync();
  return { database, state, notify, rotate, resync };
}

async function startedEvents() {
  const fake = fakeDatabase();
  const events = new TripEvents(fake.database);
  await events.start();
  return { ...fake, events };
}

describe('parseTripChange', () => {
  it('reads the trip and the customer company of the trigger payload', () => {
    expect(parseTripChange(`${TRIP_A},${LEKKI}`)).toEqual({ tripId: TRIP_A, customerCompanyId: LEKKI });
  });

  it('keeps a trip without a customer company (the trigger writes an empty second part)', () => {
    expect(parseTripChange(`${TRIP_A},`)).toEqual({ tripId: TRIP_A, customerCompanyId: null });
    expect(parseTripChange(TRIP_A)).toEqual({ tripId: TRIP_A, customerCompanyId: null });
  });

  it('ignores a payload without a trip', () => {
    expect(parseTripChange('')).toBeNull();
    expect(parseTripChange(`,${LEKKI}`)).toBeNull();
  });
});

describe('TripEvents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('listens on the trip_changed and ongoing_link_rotated channels once, however often it is started', async () => {
    const { events, state } = await startedEvents();
    await events.start();
    expect(state.channels).toEqual(['trip_changed', 'ongoing_link_rotated']);
  });

  it('tells rotation listeners which company replaced its share id, and nobody else', async () => {
    const { events, rotate } = await startedEvents();
    const rotated: string[] = [];
    const changes: TripChange[] = [];
    const stop = events.onOngoingLinkRotated((companyId) => rotated.push(companyId));
    events.onCompany(LEKKI, (c) => changes.push(c));
    rotate(LEKKI);
    rotate('');
    expect(rotated).toEqual([LEKKI]);
    expect(changes).toEqual([]);
    stop();
    rotate(IBADAN);
    expect(rotated).toEqual([LEKKI]);
  });

  it('fans a change out to the followers of its trip, of its customer company and of every change', async () => {
    const { events, notify } = await startedEvents();
    const heard: Record<string, TripChange[]> = { tripA: [], tripB: [], lekki: [], ibadan: [], any: [] };
    events.onTrip(TRIP_A, (c) => heard.tripA!.push(c));
    events.onTrip(TRIP_B, (c) => heard.tripB!.push(c));
    events.onCompany(LEKKI, (c) => heard.lekki!.push(c));
    events.onCompany(IBADAN, (c) => heard.ibadan!.push(c));
    events.onAnyChange((c) => heard.any!.push(c));

    notify(`${TRIP_A},${LEKKI}`);
    notify(`${TRIP_B},${IBADAN}`);
    notify(`${TRIP_B},`);

    const a = { tripId: TRIP_A, customerCompanyId: LEKKI };
    const b = { tripId: TRIP_B, customerCompanyId: IBADAN };
    const bAlone = { tripId: TRIP_B, customerCompanyId: null };
    expect(heard).toEqual({
      tripA: [a],
      tripB: [b, bAlone],
      lekki: [a],
      ibadan: [b],
      any: [a, b, bAlone],
    });
  });

  it('calls every follower of the same trip', async () => {
    const { events, notify } = await startedEvents();
    const first = vi.fn();
    const second = vi.fn();
    events.onTrip(TRIP_A, first);
    events.onTrip(TRIP_A, second);
    notify(`${TRIP_A},${LEKKI}`);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(events.listenerCount).toBe(2);
  });

  it('stops calling a follower once it unsubscribed, and counts it out', async () => {
    const { events, notify } = await startedEvents();
    const onTrip = vi.fn();
    const onCompany = vi.fn();
    const onAny = vi.fn();
    const stayer = vi.fn();
    const offTrip = events.onTrip(TRIP_A, onTrip);
    const offCompany = events.onCompany(LEKKI, onCompany);
    const offAny = events.onAnyChange(onAny);
    events.onTrip(TRIP_A, stayer);
    expect(events.listenerCount).toBe(3);

    offTrip();
    offCompany();
    offAny();
    // Unsubscribing twice is harmless: a stream may be cleaned up by both its close and the app's close.
    offTrip();
    expect(events.listenerCount).toBe(1);

    notify(`${TRIP_A},${LEKKI}`);
    expect(onTrip).not.toHaveBeenCalled();
    expect(onCompany).not.toHaveBeenCalled();
    expect(onAny).not.toHaveBeenCalled();
    expect(stayer).toHaveBeenCalledTimes(1);
  });

  it('lets a follower unsubscribe another while a change is being fanned out', async () => {
    const { events, notify } = await startedEvents();
    const later = vi.fn();
    let offLater = () => {};
    events.onTrip(TRIP_A, () => offLater());
    offLater = events.onTrip(TRIP_A, later);
    notify(`${TRIP_A},${LEKKI}`);
    // The fan-out works on a copy: the second follower still hears the change that was under way.
    expect(later).toHaveBeenCalledTimes(1);
    notify(`${TRIP_A},${LEKKI}`);
    expect(later).toHaveBeenCalledTimes(1);
    expect(events.listenerCount).toBe(1);
  });

  it('ignores payloads that are not trip changes', async () => {
    const { events, notify } = await startedEvents();
    const onAny = vi.fn();
    events.onAnyChange(onAny);
    notify('');
    notify(`,${LEKKI}`);
    expect(onAny).not.toHaveBeenCalled();
  });

  it('keeps fanning out when one follower throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { events, notify } = await startedEvents();
    const after = vi.fn();
    events.onTrip(TRIP_A, () => {
      throw new Error('broken page');
    });
    events.onTrip(TRIP_A, after);
    expect(() => notify(`${TRIP_A},${LEKKI}`)).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('tells resync followers when the connection came back, until they unsubscribe', async () => {
    const { events, resync } = await startedEvents();
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = events.onResync(first);
    events.onResync(second);
    expect(events.resyncListenerCount).toBe(2);
    resync();
    offFirst();
    resync();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(events.resyncListenerCount).toBe(1);
    // Resync followers are not pages following a trip or a company.
    expect(events.listenerCount).toBe(0);
  });

  it('stops listening once on stop, and may listen again afterwards', async () => {
    const { events, state } = await startedEvents();
    await events.stop();
    await events.stop();
    // One stop per channel, and only the first stop does anything.
    expect(state.stopped).toBe(2);
    await events.start();
    expect(state.channels).toEqual([
      TRIP_CHANGED_CHANNEL,
      ONGOING_LINK_ROTATED_CHANNEL,
      TRIP_CHANGED_CHANNEL,
      ONGOING_LINK_ROTATED_CHANNEL,
    ]);
  });
});
