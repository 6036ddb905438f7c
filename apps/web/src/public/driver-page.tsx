import './driver-page.css';
import {
  lagosClockText,
  locationText,
  nextTripStatus,
  type DriverPage as DriverPageData,
  type TripDocumentKind,
  type TripIssueType,
  type TripStatus,
} from '@freightlane/domain/driver';
import type { Locale } from '@freightlane/domain/i18n';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IssueCard, NextStepCard, PhotoCard } from './driver-actions';
import { CashCard, ExpenseCard, type ExpenseAnswer, type ExpenseEntry } from './driver-cash';
import {
  DriverQueue,
  MAX_QUEUED_PHOTO_BYTES,
  newActionId,
  QueueFullError,
  type ActionBody,
  type PhoneSpot,
  type QueuedAction,
  type QueueItem,
  type SendOutcome,
} from './driver-queue';
import {
  DriverTextProvider,
  LanguageChoice,
  useDriverLocale,
  useDriverText,
  type DriverText,
} from './driver-text';
import { NotFound } from './not-found';
import { photoData } from './photo-data';
import { PublicWordsProvider } from './public-text';
import { SiteHeader } from './site-header';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; data: DriverPageData; saved: boolean }
  | { kind: 'not-found'; message: string }
  | { kind: 'failed' };

type Sharing =
  | { kind: 'off' }
  | { kind: 'asking' }
  | { kind: 'on'; lastSentAt: Date | null; note: string | null }
  | { kind: 'denied' };

/** A message to the driver; `sending` while an action is on its way, so a failed send can replace it. */
type Notice = { tone: 'ok' | 'error'; text: string; sending?: boolean } | null;

/** The last link opened on this phone: the installed app starts at /driver/ and goes back to it. */
export const LAST_TOKEN_KEY = 'freightlane.driver.last';
const queueKey = (token: string) => `freightlane.driver.${token}`;
/** The last copy of the page, so it opens with the trip when the phone has no network. */
const savedPageKey = (token: string) => `freightlane.driver.${token}.page`;

/** The token of /driver/{token}, or null. */
export function driverTokenOf(pathname: string): string | null {
  const match = /^\/driver\/([A-Za-z0-9_-]{32})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/** The page's token: from its path, or at /driver/ (where the installed app starts) the last one opened. */
function tokenOfPage(pathname: string): string | null {
  const token = driverTokenOf(pathname);
  if (token || !/^\/driver\/?$/.test(pathname)) return token;
  try {
    return driverTokenOf(`/driver/${window.localStorage.getItem(LAST_TOKEN_KEY) ?? ''}`);
  } catch {
    return null;
  }
}

function readSavedPage(token: string): DriverPageData | null {
  try {
    const saved = window.localStorage.getItem(savedPageKey(token));
    return saved ? (JSON.parse(saved) as DriverPageData) : null;
  } catch {
    return null;
  }
}

function remember(token: string, data: DriverPageData): void {
  try {
    window.localStorage.setItem(LAST_TOKEN_KEY, token);
    window.localStorage.setItem(savedPageKey(token), JSON.stringify(data));
  } catch {
    // Without room the page still works online; it only cannot open offline.
  }
}

function forget(token: string): void {
  try {
    window.localStorage.removeItem(savedPageKey(token));
    if (window.localStorage.getItem(LAST_TOKEN_KEY) === token) window.localStorage.removeItem(LAST_TOKEN_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** Lets the page open without network next time (the worker keeps the page's files; decision 013). */
function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/driver/sw.js', { scope: '/driver/' }).catch(() => {
    // The page works without it; it only will not open offline.
  });
}

/** A waiting action in the driver's words, said in the language chosen now rather than when it was queued. */
function actionText(item: QueuedAction, t: DriverText): string {
  if (item.action === 'STATUS') return t('step.markAs', { step: t(`status.${item.tripStatus}`) });
  if (item.action === 'EXPENSE') return t('expense.queued', { kind: t(`expenseKind.${item.kind}`) });
  if (item.action === 'EXPENSE_REPLY') return t('cash.answerQueued');
  return item.action === 'ISSUE' ? t('issue.queued') : t('photo.queued');
}

/** "2 waiting to be sent: Mark as Delivered, 1 position". */
function waitingText(items: QueueItem[], t: DriverText): string {
  const positions = items.filter((i) => i.type === 'position').length;
  const parts = items.flatMap((i) => (i.type === 'action' ? [actionText(i, t)] : []));
  if (positions > 0) parts.push(t('queue.positions', { count: positions }));
  return t('queue.waiting', { count: items.length, items: parts.join(', ') });
}

/**
 * The driver's own page, opened from the private link the transporter sent: the trip in progress, its
 * next step, an issue or a photo to report, and, once the driver agrees, the phone's position every 30
 * seconds while the page is open. Everything goes through one queue on the phone, in the order it
 * happened, and waits there while there is no network.
 */
export function DriverPage({ pathname }: { pathname: string }) {
  const [token] = useState(() => tokenOfPage(pathname));
  const [locale, setLocale, adoptDriverLanguage] = useDriverLocale(token, () =>
    token ? (readSavedPage(token)?.driver.language ?? null) : null,
  );
  return (
    <DriverTextProvider locale={locale}>
      {/* The header and the not-found card it shares with the public pages speak the driver's language too. */}
      <PublicWordsProvider locale={locale}>
        <DriverPageContent
          token={token}
          language={<LanguageChoice locale={locale} onChange={setLocale} />}
          onDriverLanguage={adoptDriverLanguage}
        />
      </PublicWordsProvider>
    </DriverTextProvider>
  );
}

function DriverPageContent({
  token,
  language,
  onDriverLanguage,
}: {
  token: string | null;
  language: ReactNode;
  /** The driver's own language, from the page's answer (or the copy the phone kept). */
  onDriverLanguage: (language: Locale | null) => void;
}) {
  const t = useDriverText();
  const [state, setState] = useState<PageState>(
    token ? { kind: 'loading' } : { kind: 'not-found', message: '' },
  );
  const [sharing, setSharing] = useState<Sharing>({ kind: 'off' });
  const [pending, setPending] = useState<QueueItem[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const latest = useRef<GeolocationPosition | null>(null);
  const queuedAt = useRef<number | null>(null);
  const sharingOn = useRef(false);
  const savedCopy = useRef(false);
  const queue = useRef(token ? new DriverQueue(window.localStorage, queueKey(token)) : null);

  const refreshPending = useCallback(() => setPending(queue.current?.list() ?? []), []);

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const response = await fetch(`/api/v1/driver/${encodeURIComponent(token)}`);
      if (response.status === 404 || response.status === 400) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        forget(token);
        setState({ kind: 'not-found', message: body.message ?? '' });
      } else if (response.ok) {
        setState({ kind: 'ready', data: (await response.json()) as DriverPageData, saved: false });
      } else throw new Error(`The server answered ${response.status}`);
    } catch {
      const saved = readSavedPage(token);
      setState(saved ? { kind: 'ready', data: saved, saved: true } : { kind: 'failed' });
    }
  }, [token]);

  useEffect(() => {
    if (token && driverTokenOf(window.location.pathname) !== token) {
      window.history.replaceState(null, '', `/driver/${token}`);
    }
    registerWorker();
    refreshPending();
    void load();
  }, [token, load, refreshPending]);

  // The phone keeps the page as last seen (steps it recorded included), to open with it offline.
  useEffect(() => {
    savedCopy.current = state.kind === 'ready' && state.saved;
    if (token && state.kind === 'ready' && !state.saved) remember(token, state.data);
  }, [state, token]);

  // A copy kept before the page carried the driver's language has none: the phone's languages then.
  const driverLanguage = state.kind === 'ready' ? (state.data.driver.language ?? null) : undefined;
  useEffect(() => {
    if (driverLanguage !== undefined) onDriverLanguage(driverLanguage);
  }, [driverLanguage, onDriverLanguage]);

  useLayoutEffect(() => {
    if (state.kind === 'ready') document.title = t('page.title', { firstName: state.data.driver.firstName });
  }, [state, t]);

  /** What a round of sending did, in words and on the trip. */
  const applyOutcome = useCallback(
    (outcome: SendOutcome) => {
      refreshPending();
      // A recorded expense or answer changes the trip's money: the page reads it again.
      if (outcome.recorded.some((r) => r.action === 'EXPENSE' || r.action === 'EXPENSE_REPLY')) void load();
      const steps = outcome.recorded.filter((r) => r.action === 'STATUS');
      const step = steps.at(-1);
      if (step) {
        setState((current) =>
          current.kind === 'ready' && current.data.trip?.id === step.trip.id
            ? {
                ...current,
                data: {
                  ...current.data,
                  trip: { ...current.data.trip, latestTripStatus: step.trip.latestTripStatus },
                },
              }
            : current,
        );
      }
      if (outcome.kind === 'link-invalid') setNotice({ tone: 'error', text: outcome.message });
      else if (outcome.dropped.length > 0) {
        setNotice({
          tone: 'error',
          text: outcome.dropped
            .map((d) => t('notice.notRecorded', { label: d.label, message: d.message }))
            .join(' '),
        });
      } else if (outcome.recorded.length > 0) {
        setNotice({ tone: 'ok', text: outcome.recorded.map((r) => r.message).join('. ') });
      } else if (outcome.kind === 'offline') {
        setNotice((current) => (current?.sending ? { tone: 'ok', text: t('notice.offline') } : current));
      }
      // The network is back: the trip as the server has it now, instead of the copy the phone kept.
      if (outcome.kind === 'sent' && savedCopy.current) void load();
      setSharing((current) =>
        current.kind !== 'on'
          ? current
          : outcome.kind === 'sent'
            ? { kind: 'on', lastSentAt: new Date(), note: outcome.refused.at(-1) ?? null }
            : { ...current, note: outcome.kind === 'link-invalid' ? outcome.message : null },
      );
    },
    [refreshPending, load, t],
  );

  const flush = useCallback(async () => {
    if (!token || !queue.current) return;
    applyOutcome(await queue.current.send(token));
  }, [token, applyOutcome]);

  const spot = (): PhoneSpot | undefined => {
    const fix = latest.current;
    return fix ? { latitude: fix.coords.latitude, longitude: fix.coords.longitude } : undefined;
  };

  const enqueue = (body: ActionBody, label: string, photo?: string) => {
    if (!queue.current) return;
    try {
      queue.current.addAction({ ...body, type: 'action', clientActionId: newActionId(), label }, photo);
    } catch (err) {
      if (!(err instanceof QueueFullError)) throw err;
      setNotice({ tone: 'error', text: t('notice.queueFull') });
      return;
    }
    setNotice({ tone: 'ok', text: t('notice.sending', { label }), sending: true });
    refreshPending();
    void flush();
  };

  const recordStep = (tripStatus: TripStatus, handoverCode?: string) =>
    enqueue(
      { action: 'STATUS', tripStatus, ...(handoverCode ? { handoverCode } : {}), position: spot() },
      t('step.markAs', { step: t(`status.${tripStatus}`) }),
    );

  const reportIssue = (issueType: TripIssueType, description: string) =>
    enqueue({ action: 'ISSUE', issueType, description, position: spot() }, t('issue.queued'));

  /**
   * A photo shrunk for the phone's storage, then `queue` with it; a photo too large to keep or that cannot
   * be read is said so, and nothing is queued.
   */
  const withPhoto = async (
    file: File | null,
    queueWith: (photo: { fileName: string; dataUrl: string } | null) => void,
  ) => {
    if (!file) return queueWith(null);
    setPreparingPhoto(true);
    try {
      const photo = await photoData(file);
      if (photo.bytes > MAX_QUEUED_PHOTO_BYTES) {
        setNotice({ tone: 'error', text: t('notice.photoTooLarge') });
        return;
      }
      queueWith(photo);
    } catch {
      setNotice({ tone: 'error', text: t('notice.photoUnreadable') });
    } finally {
      setPreparingPhoto(false);
    }
  };

  const addPhoto = (kind: TripDocumentKind, file: File) =>
    withPhoto(file, (photo) => {
      if (photo)
        enqueue({ action: 'DOCUMENT', kind, fileName: photo.fileName }, t('photo.queued'), photo.dataUrl);
    });

  const recordExpense = (tripId: string, { receipt, ...entry }: ExpenseEntry) => {
    // The time it was recorded on the phone is when it was spent, however late the network returns.
    const spentAt = new Date().toISOString();
    const position = spot();
    return withPhoto(receipt, (photo) =>
      enqueue(
        { action: 'EXPENSE', tripId, ...entry, spentAt, position, fileName: photo?.fileName },
        t('expense.queued', { kind: t(`expenseKind.${entry.kind}`) }),
        photo?.dataUrl,
      ),
    );
  };

  const answerExpense = ({ receipt, expenseId, note }: ExpenseAnswer) =>
    withPhoto(receipt, (photo) =>
      enqueue(
        { action: 'EXPENSE_REPLY', expenseId, note, fileName: photo?.fileName },
        t('cash.answerQueued'),
        photo?.dataUrl,
      ),
    );

  // The queue goes out when the page opens, when the network returns, and on a timer; while sharing,
  // each tick first adds the phone's latest position.
  const ready = state.kind === 'ready';
  const interval = state.kind === 'ready' ? state.data.positionIntervalSeconds : 30;
  useEffect(() => {
    if (!ready) return;
    const tick = () => {
      const fix = latest.current;
      // A phone standing still may report no new fix between ticks: the same fix is queued once.
      if (sharingOn.current && fix && queue.current && fix.timestamp !== queuedAt.current) {
        queuedAt.current = fix.timestamp;
        queue.current.addPosition({
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
    if ((queue.current?.list().length ?? 0) > 0) void flush();
    const timer = window.setInterval(tick, interval * 1000);
    window.addEventListener('online', tick);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', tick);
    };
  }, [ready, interval, flush]);

  useEffect(() => {
    sharingOn.current = sharing.kind === 'on';
  }, [sharing.kind]);

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
          sharingOn.current = true;
          setSharing({ kind: 'on', lastSentAt: null, note: null });
          queue.current?.addPosition({
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            recordedAt: new Date(position.timestamp).toISOString(),
            accuracyM: position.coords.accuracy,
          });
          refreshPending();
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

  if (state.kind === 'loading') return <p className="loading">{t('page.loading')}</p>;
  const trip = state.kind === 'ready' ? state.data.trip : null;
  // Steps waiting on the phone count as taken, so the button offers the one after them.
  const queuedStep = pending.flatMap((i) => (i.type === 'action' && i.action === 'STATUS' ? [i] : [])).at(-1);
  const next = trip ? nextTripStatus(trip.cargoType, queuedStep?.tripStatus ?? trip.latestTripStatus) : null;
  return (
    <>
      <SiteHeader signIn={false} />
      <main className="page driver-page">
        {language}
        {state.kind === 'not-found' ? (
          <NotFound />
        ) : state.kind === 'failed' ? (
          <section className="card">
            <p>{t('page.failed')}</p>
            <button type="button" className="btn" onClick={() => void load()}>
              {t('page.tryAgain')}
            </button>
          </section>
        ) : (
          <>
            <div className="page-title">
              <h1>{t('page.hello', { firstName: state.data.driver.firstName })}</h1>
              <p className="muted">
                {state.data.company.name}
                {state.data.truck ? ` · ${state.data.truck.registrationNumber}` : ''}
              </p>
            </div>
            <div className="driver-notices">
              {state.saved ? <p className="driver-note">{t('page.savedCopy')}</p> : null}
              {pending.length > 0 ? (
                <p className="driver-waiting" role="status">
                  {waitingText(pending, t)}
                </p>
              ) : null}
              {notice ? (
                <p
                  className={notice.tone === 'error' ? 'driver-notice is-error' : 'driver-notice'}
                  role={notice.tone === 'error' ? 'alert' : 'status'}
                >
                  {notice.text}
                </p>
              ) : null}
            </div>
            <div className="driver-layout">
              <div className="driver-column">
                <section className="card" aria-labelledby="trip-title">
                  <h2 id="trip-title">{t('trip.title')}</h2>
                  {trip ? (
                    <dl className="details">
                      <div className="detail">
                        <dt>{t('trip.trip')}</dt>
                        <dd>{trip.tripNumber}</dd>
                      </div>
                      <div className="detail">
                        <dt>{t('trip.status')}</dt>
                        <dd>
                          {trip.latestTripStatus
                            ? t(`status.${trip.latestTripStatus}`)
                            : t('trip.notStarted')}
                        </dd>
                      </div>
                      <div className="detail">
                        <dt>{t('trip.from')}</dt>
                        <dd>{locationText(trip.pickup)}</dd>
                      </div>
                      <div className="detail">
                        <dt>{t('trip.to')}</dt>
                        <dd>{locationText(trip.recipient)}</dd>
                      </div>
                    </dl>
                  ) : (
                    <p className="muted">{t('trip.none')}</p>
                  )}
                </section>
                {trip ? <NextStepCard key={next ?? 'done'} next={next} onRecord={recordStep} /> : null}
                <section className="card" aria-labelledby="sharing-title">
                  <h2 id="sharing-title">{t('location.title')}</h2>
                  {sharing.kind === 'off' ? (
                    <>
                      <p>{t('location.intro', { seconds: interval })}</p>
                      <button
                        type="button"
                        className="btn btn-big btn-outline"
                        onClick={() => setSharing({ kind: 'asking' })}
                      >
                        {t('location.share')}
                      </button>
                    </>
                  ) : sharing.kind === 'asking' ? (
                    <p role="status">{t('location.asking')}</p>
                  ) : sharing.kind === 'denied' ? (
                    <p role="status">{t('location.denied')}</p>
                  ) : (
                    <p role="status">
                      {sharing.lastSentAt
                        ? t('location.lastSent', { time: lagosClockText(sharing.lastSentAt.toISOString()) })
                        : t('location.sharing')}
                      {sharing.note ? `. ${sharing.note}` : ''}
                    </p>
                  )}
                </section>
              </div>
              {trip ? (
                <div className="driver-column">
                  {/* A copy the phone kept before the page carried the trip's money has none to show. */}
                  {trip.cash ? (
                    <CashCard
                      cash={trip.cash}
                      busy={preparingPhoto}
                      onAnswer={(answer) => void answerExpense(answer)}
                    />
                  ) : null}
                  {trip.cash?.settled ? null : (
                    <ExpenseCard
                      busy={preparingPhoto}
                      onRecord={(entry) => void recordExpense(trip.id, entry)}
                    />
                  )}
                  <IssueCard onReport={reportIssue} />
                  <PhotoCard onPhoto={(kind, file) => void addPhoto(kind, file)} busy={preparingPhoto} />
                </div>
              ) : null}
            </div>
          </>
        )}
      </main>
    </>
  );
}
