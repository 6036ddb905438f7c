// The message templates the platform sends (docs/whatsapp.md). Outside a person's 24-hour service window
// WhatsApp delivers only templates approved in the WhatsApp Manager; each one here must be registered there
// under the same name and language, with its body's {{1}}, {{2}}… in the order of `parameters`.

import type { NotificationKind } from '@freightlane/domain';

export interface WhatsappTemplate {
  name: string;
  /** The language code it was approved in. */
  language: string;
  /** What each body parameter is, in order ({{1}}, {{2}}…). */
  parameters: readonly string[];
  /** The approved body with {{n}} placeholders: what the person reads once filled in. */
  body: string;
}

/** What each notification template's parameters are, in order. */
export const NOTIFICATION_TEMPLATE_PARAMETERS = ['subject', 'what happened', 'details', 'link'] as const;

/**
 * A notification's template: a heading worded for its kind, the event's subject and what happened (its
 * title, "<subject>: <what happened>"), the details (its body) and a link to act on it.
 */
function notifyTemplate<K extends NotificationKind>(
  kind: K,
  heading: string,
  action: string,
): WhatsappTemplate & { name: `notify_${Lowercase<K>}` } {
  return {
    name: `notify_${kind.toLowerCase() as Lowercase<K>}`,
    language: 'en',
    parameters: NOTIFICATION_TEMPLATE_PARAMETERS,
    body: `Freightlane · ${heading}\n*{{1}}*: {{2}}\n{{3}}\n${action}: {{4}}`,
  };
}

const NOTIFICATION_TEMPLATES = {
  notify_order_open_for_bids: notifyTemplate('ORDER_OPEN_FOR_BIDS', 'New order to bid on', 'Bid'),
  notify_bid_received: notifyTemplate('BID_RECEIVED', 'Bids: a new bid on your order', 'See the bids'),
  notify_bid_revised: notifyTemplate('BID_REVISED', 'Bids: a bid on your order was revised', 'See the bids'),
  notify_bid_withdrawn: notifyTemplate(
    'BID_WITHDRAWN',
    'Bids: a bid on your order was withdrawn',
    'See the bids',
  ),
  notify_bidding_closed: notifyTemplate('BIDDING_CLOSED', 'Bids: bidding has closed', 'Open'),
  notify_bid_won: notifyTemplate('BID_WON', 'Bids: you won', 'Open'),
  notify_bid_lost: notifyTemplate('BID_LOST', 'Bids: not won this time', 'Open'),
  notify_resources_assigned: notifyTemplate('RESOURCES_ASSIGNED', 'Trips: truck and driver', 'See the trip'),
  notify_trip_status_changed: notifyTemplate(
    'TRIP_STATUS_CHANGED',
    'Trips: status update',
    'Follow the trip',
  ),
  notify_trip_cancelled: notifyTemplate('TRIP_CANCELLED', 'Trips: a trip was cancelled', 'Open'),
  notify_issue_opened: notifyTemplate('ISSUE_OPENED', 'Trips: an issue was reported', 'See the trip'),
  notify_issue_resolved: notifyTemplate('ISSUE_RESOLVED', 'Trips: an issue was resolved', 'See the trip'),
  notify_document_added: notifyTemplate('DOCUMENT_ADDED', 'Trips: a document was added', 'See the document'),
  notify_note_added: notifyTemplate('NOTE_ADDED', 'Trips: a new note', 'Read it'),
  notify_invoice_raised: notifyTemplate('INVOICE_RAISED', 'Money: invoice raised', 'See the invoice'),
  notify_payment_due: notifyTemplate('PAYMENT_DUE', 'Money: payment falling due', 'Pay'),
  notify_payment_overdue: notifyTemplate('PAYMENT_OVERDUE', 'Money: payment overdue', 'Pay'),
  notify_payment_received: notifyTemplate('PAYMENT_RECEIVED', 'Money: payment received', 'See the payment'),
  notify_free_time_running_out: notifyTemplate(
    'FREE_TIME_RUNNING_OUT',
    'Trips: container free time running out',
    'See the trip',
  ),
  notify_company_verified: notifyTemplate('COMPANY_VERIFIED', 'Your company is verified', 'Open'),
  notify_company_rejected: notifyTemplate('COMPANY_REJECTED', 'Company verification not accepted', 'Open'),
  notify_company_suspended: notifyTemplate('COMPANY_SUSPENDED', 'Your company is suspended', 'Open'),
  notify_fleet_document_expiring: notifyTemplate(
    'FLEET_DOCUMENT_EXPIRING',
    'Fleet: a document is running out',
    'See the fleet',
  ),
  notify_invoice_charge: notifyTemplate(
    'INVOICE_CHARGE',
    'Money: an extra charge on an invoice',
    'See the invoice',
  ),
  notify_payout_paid: notifyTemplate('PAYOUT_PAID', 'Money: payout sent to you', 'See the payout'),
  notify_trip_alert: notifyTemplate('TRIP_ALERT', 'Trips: alert from the tracking', 'See the trip'),
} satisfies { [K in NotificationKind as `notify_${Lowercase<K>}`]: WhatsappTemplate };

export const WHATSAPP_TEMPLATES = {
  trip_update: {
    name: 'trip_update',
    language: 'en',
    parameters: ['trip number', 'what happened', 'link'],
    body: 'Freightlane: trip {{1}}: {{2}}. Details: {{3}}',
  },
  ...NOTIFICATION_TEMPLATES,
} as const satisfies Record<string, WhatsappTemplate>;

export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The template's body with its parameters in place, as the person's phone shows it. */
export function fillTemplate(template: WhatsappTemplate, values: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
}
