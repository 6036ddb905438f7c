import { useId, useMemo } from 'react';
import {
  ONGOING_CONTAINER_COLUMNS,
  ONGOING_GENERAL_CARGO_COLUMNS,
  ongoingColumnText,
  ongoingContainerRows,
  ongoingGeneralCargoRows,
  shareIdFromPath,
  TRIP_STATUS_LABELS,
  type OngoingColumn,
  type OngoingTripItem,
  type PublicWords,
  type TripStatus,
} from '@freightlane/domain/public-tracking';
import {
  DELAYED_TONE,
  NO_STATUS_TONE,
  ongoingStatusTone,
  tripStatusTone,
  type StatusTone,
} from '../lib/trip-status-tone';
import { LiveIndicator } from './live-indicator';
import { isOngoingTrips, ongoingSource } from './public-api';
import { PublicPage } from './public-page';
import { PublicLanguageRoot, usePublicWords } from './public-text';
import { SignInButton } from './site-header';
import { usePublicDocument } from './use-public-document';

/** Columns holding place names, which may wrap. */
const PLACE_COLUMNS = new Set<OngoingColumn>(['Pick Up Location', 'Delivery Location', 'Last Location']);

const STATUSES = Object.keys(TRIP_STATUS_LABELS) as TripStatus[];

/** The colour of a Trip Status cell as the reader's language says it: the same colour in every language. */
function statusToneOf(text: string, words: PublicWords): StatusTone {
  if (words.locale === 'en-NG') return ongoingStatusTone(text);
  if (text === words.t('status.DELAYED')) return DELAYED_TONE;
  const status = STATUSES.find((s) => words.t(`status.${s}`) === text);
  return status
    ? tripStatusTone({ cancelled: false, latestTripStatus: { tripStatus: status } })
    : NO_STATUS_TONE;
}

function shareIdOf(pathname: string): string | null {
  try {
    return shareIdFromPath(pathname);
  } catch {
    return null;
  }
}

/**
 * One table of the page. On a phone it scrolls sideways inside its own focusable region (so keyboard
 * users can scroll it too) with the first column pinned, so each row stays identifiable.
 */
function TripTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly OngoingColumn[];
  rows: string[][];
}) {
  const words = usePublicWords();
  const captionId = useId();
  const statusColumn = columns.length - 1;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="trips-table">
        <caption id={captionId}>
          <span className="caption-text">{caption}</span>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {ongoingColumnText(column, words)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : c === statusColumn ? (
                  <td key={c}>
                    <span className={`badge tone-${statusToneOf(cell, words)}`}>{cell}</span>
                  </td>
                ) : (
                  <td key={c}>
                    {PLACE_COLUMNS.has(columns[c]!) ? <span className="place-text">{cell}</span> : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OngoingTables({ items }: { items: readonly OngoingTripItem[] }) {
  const words = usePublicWords();
  const { t } = words;
  const containerRows = ongoingContainerRows(items, words);
  const generalCargoRows = ongoingGeneralCargoRows(items, words);
  return (
    <>
      {containerRows.length ? (
        <TripTable
          caption={t('ongoing.containers')}
          columns={ONGOING_CONTAINER_COLUMNS}
          rows={containerRows}
        />
      ) : null}
      {generalCargoRows.length ? (
        <TripTable
          caption={t('ongoing.generalCargo')}
          columns={ONGOING_GENERAL_CARGO_COLUMNS}
          rows={generalCargoRows}
        />
      ) : null}
      {!containerRows.length && !generalCargoRows.length ? (
        <p className="card empty">{t('ongoing.empty')}</p>
      ) : null}
    </>
  );
}

/** /ongoingtripprogress/{id}: a customer's ongoing trips, shared by link, updating live, in the reader's language. */
export function OngoingTripsPage({ pathname }: { pathname: string }) {
  return (
    <PublicLanguageRoot>
      <OngoingTripsContent pathname={pathname} />
    </PublicLanguageRoot>
  );
}

function OngoingTripsContent({ pathname }: { pathname: string }) {
  const { t } = usePublicWords();
  const shareId = shareIdOf(pathname);
  const source = useMemo(() => (shareId ? ongoingSource(shareId) : null), [shareId]);
  const publicDocument = usePublicDocument(source, isOngoingTrips);
  return (
    <PublicPage publicDocument={publicDocument} title={t('ongoing.title')} signIn={false} wide>
      {(items) => (
        <>
          <div className="page-title">
            <h1>{t('ongoing.title')}</h1>
            <LiveIndicator status={publicDocument.live} />
          </div>
          {items.length ? <p className="page-count">{t('ongoing.count', { count: items.length })}</p> : null}
          <OngoingTables items={items} />
          <div className="page-end">
            <SignInButton />
          </div>
        </>
      )}
    </PublicPage>
  );
}
