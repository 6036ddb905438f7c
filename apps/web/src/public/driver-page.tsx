import {
  locationText,
  TRIP_STATUS_LABELS,
  type DriverPage as DriverPageData,
} from '@freightlane/domain/tracking';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NotFound } from './not-found';
import { PositionQueue, sendQueue } from './position-queue';
import { SiteHeader } from './site-header';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; data: DriverPageData }
  | { kind: 'not-found'; message: string }
  | { kind: 'failed' };

type Sharing =
  | { kind: 'off' }
  | { kind: 'asking' }
  | { kind: 'on'; lastSentAt: Date | null; waiting: number; note: string | null }
  | { kind: 'denied' };

const clock = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit' }).format(
    at,
  );

/** The token of /driver/{token}, or null. */
export function driverTokenOf(pathname: string): string | null {
  const match = /^\/driver\/([A-Za-z0-9_-]{32})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/**
 * The driver's own page, opened from the private link the transporter sent: the trip in progress and,
 * once the driver agrees, the phone's position every 30 seconds while the page is open. Positions taken
 * without network wait on the phone and go, oldest first, when it returns.
 */
export function DriverPage({ pathname }: { pathname: string }) {
  const token = driverTokenOf(pathname);
  const [state, setState] = useState<PageState>(
    token ? { kind: 'loading' } : { kind: 'not-found', message: '' },
  );
  const [sharing, setSharing] = useState<Sharing>({ kind: 'off' });
  const latest = useRef<GeolocationPosition | null>(null);
  const queuedAt = useRef<number | null>(null);
  const queue = useRef(token ? new PositionQueue(window.localStorage, `freightlane.driver.${token}`) : null);

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const response = await fetch(`/api/v1/driver/${encodeURIComponent(token)}`);
      if (response.status === 404 || response.status === 400) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        setState({ kind: 'not-found', message: body.message ?? 'This driver link is not valid.' });
      } else if (response.ok) {
        setState({ kind: 'ready', data: (await response.json()) as DriverPageData });
      } else setState({ kind: 'failed' });
    } catch {
      setState({ kind: 'failed' });
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (state.kind === 'ready') document.title = `${state.data.driver.firstName}’s trip · Freightlane`;
  }, [state]);

  const flush = useCallback(async () => {
    if (!token || !queue.current) return;
    const outcome = await sendQueue(queue.current, token);
    const waiting = queue.current.list().length;
    setSharing((current) =>
      current.kind !== 'on'
        ? current
        : outcome.kind === 'sent'
          ? { kind: 'on', lastSentAt: new Date(), waiting, note: outcome.refused.at(-1) ?? null }
          : outcome.kind === 'offline'
            ? { ...current, waiting, note: null }
            : { ...current, waiting, note: outcome.message },
    );
  }, [token]);

  // While sharing: a position into the queue every interval, then the queue out when the network allows.
  const interval = state.kind === 'ready' ? state.data.positionIntervalSeconds : 30;
  useEffect(() => {
    if (sharing.kind !== 'on') return;
    const tick = () => {
      const fix = latest.current;
      // A phone standing still may report no new fix between ticks: the same fix is queued once.
      if (fix && queue.current && fix.timestamp !== queuedAt.current) {
        queuedAt.current = fix.timestamp;
        queue.current.add({
          latitude: fix.coords.latitude,
          longitude: fix.coords.longitude,
          recordedAt: new Date(fix.timestamp).toISOString(),
          speedKmh: fix.coords.speed === null ? null : Math.round(fix.coords.speed * 3.6 * 10) / 10,
          heading:
            fix.coords.heading === null || Number.isNaN(fix.coords.heading) ? null : fix.coords.heading,
          accuracyM: fix.coords.accuracy,
        });
      }
      void flush();
    };
    const timer = window.setInterval(tick, interval * 1000);
    window.addEventListener('online', tick);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', tick);
    };
  }, [sharing.kind, interval, flush]);

  useEffect(() => {
    if (sharing.kind !== 'on' && sharing.kind !== 'asking') return;
    if (!('geolocation' in navigator)) {
      setSharing({ kind: 'denied' });
      return;
    }
    const geolocation = navigator.geolocation;
    const watch = geolocation.watchPosition(
      (position) => {
        const first = latest.current === null;
        latest.current = position;
        if (first) {
          queuedAt.current = position.timestamp;
          setSharing({
            kind: 'on',
            lastSentAt: null,
            waiting: queue.current?.list().length ?? 0,
            note: null,
          });
          queue.current?.add({
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            recordedAt: new Date(position.timestamp).toISOString(),
            accuracyM: position.coords.accuracy,
          });
          void flush();
        }
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setSharing({ kind: 'denied' });
      },
      { enableHighAccuracy: true, maximumAge: 15_000, timeout: 60_000 },
    );
    return () => geolocation.clearWatch(watch);
    // Watching starts once and lasts while the page shares.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sharing.kind === 'off' || sharing.kind === 'denied']);

  if (state.kind === 'loading') return <p className="loading">Loading...</p>;
  return (
    <>
      <SiteHeader signIn={false} />
      <main className="page">
        {state.kind === 'not-found' ? (
          <NotFound />
        ) : state.kind === 'failed' ? (
          <section className="card">
            <p>The page could not be loaded. Check your connection.</p>
            <button type="button" className="btn" onClick={() => void load()}>
              Try again
            </button>
          </section>
        ) : (
          <>
            <div className="page-title">
              <h1>Hello, {state.data.driver.firstName}</h1>
              <p className="muted">
                {state.data.company.name}
                {state.data.truck ? ` · ${state.data.truck.registrationNumber}` : ''}
              </p>
            </div>
            <div className="stack">
              <section className="card" aria-labelledby="trip-title">
                <h2 id="trip-title">Your trip</h2>
                {state.data.trip ? (
                  <dl className="details">
                    <div className="detail">
                      <dt>Trip</dt>
                      <dd>{state.data.trip.tripNumber}</dd>
                    </div>
                    <div className="detail">
                      <dt>Status</dt>
                      <dd>
                        {state.data.trip.latestTripStatus
                          ? TRIP_STATUS_LABELS[state.data.trip.latestTripStatus]
                          : 'Not started'}
                      </dd>
                    </div>
                    <div className="detail">
                      <dt>From</dt>
                      <dd>{locationText(state.data.trip.pickup)}</dd>
                    </div>
                    <div className="detail">
                      <dt>To</dt>
                      <dd>{locationText(state.data.trip.recipient)}</dd>
                    </div>
                  </dl>
                ) : (
                  <p className="muted">
                    You have no trip in progress. Your transporter assigns you to the next one.
                  </p>
                )}
              </section>
              <section className="card" aria-labelledby="sharing-title">
                <h2 id="sharing-title">Location</h2>
                {sharing.kind === 'off' ? (
                  <>
                    <p>
                      Keep this page open during the trip: it sends the truck’s position every 30 seconds.
                    </p>
                    <button type="button" className="btn" onClick={() => setSharing({ kind: 'asking' })}>
                      Share my location
                    </button>
                  </>
                ) : sharing.kind === 'asking' ? (
                  <p role="status">Waiting for the phone’s location…</p>
                ) : sharing.kind === 'denied' ? (
                  <p role="status">
                    Location is blocked for this page. Allow location for this site in the browser’s settings,
                    then reload.
                  </p>
                ) : (
                  <p role="status">
                    Sharing your location
                    {sharing.lastSentAt ? ` · last sent ${clock(sharing.lastSentAt)}` : ''}
                    {sharing.waiting > 0 ? ` · ${sharing.waiting} waiting for the network` : ''}
                    {sharing.note ? `. ${sharing.note}` : ''}
                  </p>
                )}
              </section>
            </div>
          </>
        )}
      </main>
    </>
  );
}
