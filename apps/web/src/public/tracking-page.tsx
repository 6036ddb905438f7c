import { useId, useMemo, useState } from 'react';
import {
  shipmentDetails,
  shipmentProgress,
  trackingIdFromUrl,
  type TrackingTrip,
} from '@freightlane/domain/public-tracking';
import { stepTone } from '../lib/trip-status-tone';
import { LiveIndicator } from './live-indicator';
import { isTrackingTrip, trackingSource } from './public-api';
import { PublicPage } from './public-page';
import { RecordCheckLine } from './record-check';
import { PublicLanguageRoot, usePublicWords } from './public-text';
import { TripFacts } from './trip-facts';
import { useMediaQuery } from './use-media-query';
import { usePublicDocument } from './use-public-document';

/** The spec's desktop breakpoint for the tracking screen. */
export const TRACKING_DESKTOP_QUERY = '(min-width: 1024px)';

/** The tracking id of the page's URL by the five-part rule; a malformed escape is no id either. */
function trackingIdOf(url: string): string | null {
  try {
    return trackingIdFromUrl(url);
  } catch {
    return null;
  }
}

function ShipmentDetails({ trip }: { trip: TrackingTrip }) {
  const words = usePublicWords();
  const desktop = useMediaQuery(TRACKING_DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const rows = (
    <dl className="details">
      {shipmentDetails(trip, words).map((row) => (
        <div className="detail" key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
  // Always visible on a desktop; on a phone it folds away so the progress is seen first.
  if (desktop) {
    return (
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">{words.t('tracking.details')}</h2>
        {rows}
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title" className="collapse-heading">
        <button
          type="button"
          className="collapse-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
        >
          {words.t('tracking.details')}
          <svg className="chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h2>
      <div id={bodyId} hidden={!open}>
        {rows}
      </div>
    </section>
  );
}

function ShipmentProgress({ trip }: { trip: TrackingTrip }) {
  const words = usePublicWords();
  const { t } = words;
  return (
    <section className="card" aria-labelledby="progress-title">
      <h2 id="progress-title">{t('tracking.progress')}</h2>
      <ol className="timeline">
        {shipmentProgress(trip, words).map((step) => (
          <li
            key={step.key}
            className={`step tone-${stepTone(step.key)} ${step.done ? 'is-done' : 'is-pending'}`}
          >
            <span className="step-marker" aria-hidden="true">
              {step.done ? (
                <svg viewBox="0 0 24 24" focusable="false">
                  <path d="M5 12l5 5L19 7" />
                </svg>
              ) : null}
            </span>
            <div className="step-body">
              <span className="step-label">{step.label}</span>
              <span className="sr-only">{step.done ? t('step.done') : t('step.pending')}</span>
              {step.done ? (
                <span className="step-when">
                  <span className="step-time">{step.time}</span>
                  <span className="step-date">{step.date}</span>
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /tripprogress/{trackingId}: one trip as anyone with its link sees it, updating live, in the reader's language. */
export function TrackingPage({ url }: { url: string }) {
  return (
    <PublicLanguageRoot>
      <TrackingPageContent url={url} />
    </PublicLanguageRoot>
  );
}

function TrackingPageContent({ url }: { url: string }) {
  const { t } = usePublicWords();
  const trackingId = trackingIdOf(url);
  const source = useMemo(() => (trackingId ? trackingSource(trackingId) : null), [trackingId]);
  const publicDocument = usePublicDocument(source, isTrackingTrip);
  const { state, live } = publicDocument;
  return (
    <PublicPage
      publicDocument={publicDocument}
      title={state.kind === 'ready' ? t('tracking.title', { tripNumber: state.data.tripNumber }) : null}
      signIn={state.kind === 'ready'}
    >
      {(trip) => (
        <>
          <div className="page-title">
            <h1>{t('tracking.title', { tripNumber: trip.tripNumber })}</h1>
            <LiveIndicator status={live} />
          </div>
          <TripFacts trip={trip} />
          {trackingId ? <RecordCheckLine trackingId={trackingId} /> : null}
          <div className="trip-layout">
            <ShipmentDetails trip={trip} />
            <ShipmentProgress trip={trip} />
          </div>
        </>
      )}
    </PublicPage>
  );
}
