import { useId, useMemo } from 'react';
import {
  ONGOING_CONTAINER_COLUMNS,
  ONGOING_GENERAL_CARGO_COLUMNS,
  ongoingContainerRows,
  ongoingGeneralCargoRows,
  shareIdFromPath,
  type OngoingTripItem,
} from '@freightlane/domain/public-tracking';
import { ongoingStatusTone } from '../lib/trip-status-tone';
import { LiveIndicator } from './live-indicator';
import { isOngoingTrips, ongoingSource } from './public-api';
import { PublicPage } from './public-page';
import { SignInButton } from './site-header';
import { usePublicDocument } from './use-public-document';

export const NO_ONGOING_TRIPS = "You don't have any ongoing trip at the moment";

/** Columns holding place names, which may wrap. */
const PLACE_COLUMNS = new Set(['Pick Up Location', 'Delivery Location', 'Last Location']);

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
  columns: readonly string[];
  rows: string[][];
}) {
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
                {column}
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
                    <span className={`badge tone-${ongoingStatusTone(cell)}`}>{cell}</span>
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
  const containerRows = ongoingContainerRows(items);
  const generalCargoRows = ongoingGeneralCargoRows(items);
  return (
    <>
      {containerRows.length ? (
        <TripTable caption="Containers" columns={ONGOING_CONTAINER_COLUMNS} rows={containerRows} />
      ) : null}
      {generalCargoRows.length ? (
        <TripTable caption="General Cargo" columns={ONGOING_GENERAL_CARGO_COLUMNS} rows={generalCargoRows} />
      ) : null}
      {!containerRows.length && !generalCargoRows.length ? (
        <p className="card empty">{NO_ONGOING_TRIPS}</p>
      ) : null}
    </>
  );
}

/** /ongoingtripprogress/{id}: a customer's ongoing trips, shared by link, updating live. */
export function OngoingTripsPage({ pathname }: { pathname: string }) {
  const shareId = shareIdOf(pathname);
  const source = useMemo(() => (shareId ? ongoingSource(shareId) : null), [shareId]);
  const publicDocument = usePublicDocument(source, isOngoingTrips);
  return (
    <PublicPage publicDocument={publicDocument} title="Ongoing trips" signIn={false} wide>
      {(items) => (
        <>
          <div className="page-title">
            <h1>Ongoing trips</h1>
            <LiveIndicator status={publicDocument.live} />
          </div>
          <OngoingTables items={items} />
          <div className="page-end">
            <SignInButton />
          </div>
        </>
      )}
    </PublicPage>
  );
}
