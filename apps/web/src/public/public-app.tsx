import { DriverPage } from './driver-page';
import { OngoingTripsPage } from './ongoing-trips-page';
import { TrackingPage } from './tracking-page';

export const ONGOING_TRIPS_PREFIX = '/ongoingtripprogress';

function isOngoingPath(pathname: string): boolean {
  return pathname === ONGOING_TRIPS_PREFIX || pathname.startsWith(`${ONGOING_TRIPS_PREFIX}/`);
}

export const DRIVER_PREFIX = '/driver';

/** The light pages, told apart by their path (the server sends them all this entry). */
export function PublicApp({ origin, pathname }: { origin: string; pathname: string }) {
  if (pathname.startsWith(`${DRIVER_PREFIX}/`)) return <DriverPage pathname={pathname} />;
  return isOngoingPath(pathname) ? (
    <OngoingTripsPage pathname={pathname} />
  ) : (
    <TrackingPage url={`${origin}${pathname}`} />
  );
}
