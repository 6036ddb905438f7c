import { PATHS } from '../../../lib/paths';
import { englishPublicTrackingText, type PublicTrackingText } from './text';

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

/** The message is in the sender's language; they read it in WhatsApp before it goes. */
export function tripShareMessage(
  tripNumber: string,
  url: string,
  t: PublicTrackingText = englishPublicTrackingText,
): string {
  return t('share.tripMessage', { tripNumber, url });
}

export function ongoingTripsShareMessage(
  url: string,
  t: PublicTrackingText = englishPublicTrackingText,
): string {
  return t('share.ongoingMessage', { url });
}
