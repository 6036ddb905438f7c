import { PATHS } from '../../../lib/paths';

/**
 * The public pages are served by their own light page, not by this app: every link to them is a full URL
 * opened with a plain <a href>, never a router link.
 */
export function trackingUrl(trackingId: string, origin: string = window.location.origin): string {
  return `${origin}${PATHS.tripProgress}/${trackingId}`;
}

export function ongoingTripsUrl(shareId: string, origin: string = window.location.origin): string {
  return `${origin}${PATHS.ongoingTrips}/${shareId}`;
}

/** WhatsApp's own share link: it opens the app (or WhatsApp Web) with the message ready to send. */
export function whatsAppShareHref(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

export function tripShareMessage(tripNumber: string, url: string): string {
  return `Follow trip ${tripNumber} on Freightlane: ${url}`;
}

export function ongoingTripsShareMessage(url: string): string {
  return `Follow our ongoing trips on Freightlane: ${url}`;
}
