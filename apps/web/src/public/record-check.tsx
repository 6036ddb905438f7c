import { useEffect, useState } from 'react';
import { usePublicWords } from './public-text';

/** The part of the record check the page shows (GET /api/v1/trips/open-access/{id}/record). */
interface RecordCheck {
  intact: boolean;
  broken: { link: number | null; problem: string } | null;
}

function isRecordCheck(value: unknown): value is RecordCheck {
  return typeof value === 'object' && value !== null && typeof (value as RecordCheck).intact === 'boolean';
}

/**
 * Whether the trip's record still checks out (decision 049), asked for once the trip is shown: the check
 * reads the whole record, so it is not part of the tracking answer the page polls.
 */
export function RecordCheckLine({ trackingId }: { trackingId: string }) {
  const { t } = usePublicWords();
  const [check, setCheck] = useState<RecordCheck | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/v1/trips/open-access/${encodeURIComponent(trackingId)}/record`)
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => {
        if (live) setCheck(isRecordCheck(body) ? body : 'failed');
      })
      .catch(() => {
        if (live) setCheck('failed');
      });
    return () => {
      live = false;
    };
  }, [trackingId]);
  // A check that could not be made (too many tries, the server busy) says nothing rather than "checking"
  // for ever: the trip's page is whole without it.
  if (check === 'failed') return null;
  if (check === null) {
    return (
      <p className="record-check" aria-live="polite">
        {t('record.checking')}
      </p>
    );
  }
  const text = check.intact
    ? t('record.intact')
    : check.broken?.problem === 'UNRECORDED'
      ? t('record.unrecorded')
      : check.broken?.link
        ? t('record.broken', { link: check.broken.link })
        : t('record.brokenNoLink');
  const tone = check.intact ? 'is-intact' : check.broken?.problem === 'UNRECORDED' ? '' : 'is-broken';
  return (
    <p className={`record-check ${tone}`} aria-live="polite" data-testid="record-check">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {check.intact ? <path d="M5 12l5 5L19 7" /> : <path d="M12 8v5m0 3v.5" />}
      </svg>
      {text}
    </p>
  );
}
