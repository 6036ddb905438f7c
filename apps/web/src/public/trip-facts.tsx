import { deliveryFact, lastSeenFact, type TrackingTrip } from '@freightlane/domain/public-tracking';
import { usePublicWords } from './public-text';
import { useNow } from './use-now';

/** "3 h ago" moves on a minute at a time. */
const AGO_TICK_MS = 60_000;

function CalendarIcon() {
  return (
    <svg className="fact-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 3v4M8 3v4M4 11h16" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg className="fact-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 11a3 3 0 1 0 6 0a3 3 0 0 0-6 0" />
      <path d="M17.66 16.66L13.41 20.9a2 2 0 0 1-2.83 0l-4.24-4.24a8 8 0 1 1 11.32 0z" />
    </svg>
  );
}

/**
 * What a consignee opens the link to learn, above everything else and never folded away: when the cargo
 * is expected (or was delivered) and where the truck was last seen. A fact nobody knows is left out.
 */
export function TripFacts({ trip }: { trip: TrackingTrip }) {
  const words = usePublicWords();
  const now = useNow(AGO_TICK_MS);
  const delivery = deliveryFact(trip, words);
  const seen = lastSeenFact(trip, now, words);
  if (!delivery && !seen) return null;
  return (
    <section className="card facts" aria-label={words.t('facts.label')}>
      <ul className="facts-list">
        {delivery ? (
          <li className="fact">
            <CalendarIcon />
            <div>
              <p className="fact-text">{delivery.text}</p>
              {delivery.detail ? <p className="fact-detail">{delivery.detail}</p> : null}
            </div>
          </li>
        ) : null}
        {seen ? (
          <li className="fact">
            <PinIcon />
            <p className="fact-text">
              {words.t('facts.lastSeen', { place: seen.place })}{' '}
              <span className="fact-when">
                · <time dateTime={seen.iso}>{seen.at}</time> <span className="fact-ago">({seen.ago})</span>
              </span>
            </p>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
