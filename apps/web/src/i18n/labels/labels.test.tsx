import * as domain from '@freightlane/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../app-language';
import english from './catalog/en-NG.json';
import { useLabels, type LabelGroup } from './labels';

/** Each group of the catalog and the domain's labels it says in every language. */
const DOMAIN_LABELS: Record<LabelGroup, Record<string, string>> = {
  tripStatus: domain.TRIP_STATUS_LABELS,
  tripIssueType: domain.TRIP_ISSUE_TYPE_LABELS,
  tripDocumentKind: domain.TRIP_DOCUMENT_KIND_LABELS,
  cargoType: domain.CARGO_TYPE_LABELS,
  cargoTypeHint: domain.CARGO_TYPE_HINTS,
  containerSize: domain.CONTAINER_SIZE_LABELS,
  truckType: domain.TRUCK_TYPE_LABELS,
  truckDocument: domain.TRUCK_DOCUMENT_LABELS,
  expiryStatus: domain.EXPIRY_STATUS_LABELS,
  notificationKind: domain.NOTIFICATION_KIND_LABELS,
  notificationChannel: domain.NOTIFICATION_CHANNEL_LABELS,
  noteSide: domain.NOTE_SIDE_LABELS,
  tripAlertKind: domain.TRIP_ALERT_KIND_LABELS,
  terminalKind: domain.TERMINAL_KIND_LABELS,
  invoiceStatus: domain.INVOICE_STATUS_LABELS,
  chargeKind: domain.CHARGE_KIND_LABELS,
  chargeStatus: domain.CHARGE_STATUS_LABELS,
  paymentMethod: domain.PAYMENT_METHOD_LABELS,
  payoutStatus: domain.PAYOUT_STATUS_LABELS,
  orderStatus: domain.ORDER_STATUS_LABELS,
  bidStatus: domain.BID_STATUS_LABELS,
  depositStatus: domain.DEPOSIT_STATUS_LABELS,
  trackingAuthMethod: domain.TRACKING_AUTH_METHOD_LABELS,
  companyDocument: domain.COMPANY_DOCUMENT_LABELS,
  arrivalMode: domain.ARRIVAL_MODE_LABELS,
  trackingAlarm: domain.TRACKING_ALARM_LABELS,
  ratingTag: domain.RATING_TAG_LABELS,
  expenseKind: domain.EXPENSE_KIND_LABELS,
  expenseStatus: domain.EXPENSE_STATUS_LABELS,
  cashMethod: domain.CASH_METHOD_LABELS,
};

describe('the labels catalog', () => {
  it('says in English exactly what the domain says, value for value', () => {
    const expected = Object.fromEntries(
      Object.entries(DOMAIN_LABELS).flatMap(([group, labels]) =>
        Object.entries(labels).map(([value, label]) => [`${group}.${value}`, label]),
      ),
    );
    const { _meta, ...messages } = english;
    expect(_meta.reviewedByNativeSpeaker).toBe(true);
    expect(messages).toEqual(expected);
  });
});

function Status() {
  const label = useLabels();
  return <p>{label('tripStatus', 'LOADED')}</p>;
}

describe('useLabels', () => {
  it('says a value in English by default', () => {
    render(
      <AppLanguageProvider initialLocale="en-NG">
        <Status />
      </AppLanguageProvider>,
    );
    expect(screen.getByText('Container(s) Loaded')).toBeInTheDocument();
  });

  it('says it in Pidgin once the Pidgin catalogs are loaded', async () => {
    render(
      <AppLanguageProvider initialLocale="pcm">
        <Status />
      </AppLanguageProvider>,
    );
    expect(await screen.findByText('Dem don load the container(s)')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pcm');
  });
});
