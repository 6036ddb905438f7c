import { OngoingTripsPage } from './ongoing-trips-page';
import { TrackingPage } from './tracking-page';

export const ONGOING_TRIPS_PREFIX = '/ongoingtripprogress';

function isOngoingPath(pathname: string): boolean {
  return pathname === ONGOING_TRIPS_PREFIX || pathname.startsWith(`${ONGOING_TRIPS_PREFIX}/`);
}

/** The two public pages, told apart by their path (the server sends both this entry). */
export function PublicApp({ origin, pathname }: { origin: string; pathname: string }) {
  return isOngoingPath(pathname) ? (
    <OngoingTripsPage pathname={pathname} />
  ) : (
    <TrackingPage url={`${origin}${pathname}`} />
  );
}
