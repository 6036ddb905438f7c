import { describe, expect, it } from 'vitest';
import { publicWordsOf } from './i18n/public-words';
import {
  deliveryFact,
  lastSeenFact,
  ongoingColumnText,
  ONGOING_CONTAINER_COLUMNS,
  publicMessageText,
  shipmentDetails,
  timeAgoText,
  type TrackingTrip,
} from './public-tracking';

const trip: TrackingTrip = {
  orderNumber: null,
  containerNumbers: [],
  cargoType: 'EXPORT',
  tripNumber: 'TRP-2026-000123',
  pickupTerminal: null,
  pickupAddress: { city: 'Apapa', state: 'Lagos' },
  recipientTerminal: null,
  recipientAddress: null,
  tripStatusLogs: [{ tripStatus: 'DELIVERED', timeStamp: '2026-12-02 14:05:00' }],
};

describe('the public pages’ rules in every language', () => {
  it('keeps the spec’s English when no words are given', () => {
    expect(shipmentDetails(trip).map((row) => row.label)).toEqual([
      'Order Number',
      'Container Number(s)',
      'Cargo Type',
      'Trip ID',
      'Pickup Location',
      'Delivery Location',
    ]);
    expect(ONGOING_CONTAINER_COLUMNS.map((column) => ongoingColumnText(column))).toEqual([
      ...ONGOING_CONTAINER_COLUMNS,
    ]);
  });

  it('says labels, N/A and cargo types in the reader’s words, never the names of places', () => {
    const rows = shipmentDetails(trip, publicWordsOf('ha'));
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Lambar oda', 'Babu'],
      ['Lambar kwantena', 'Babu'],
      ['Irin kaya', 'Fitar da kaya'],
      ['Lambar tafiya', 'TRP-2026-000123'],
      ['Wurin ɗauka', 'Apapa, Lagos'],
      ['Wurin kai kaya', 'Babu'],
    ]);
  });

  it('writes dates day first with the month of the reader’s language', () => {
    expect(deliveryFact(trip, publicWordsOf('yo'))?.text).toBe('A ti fi jíṣẹ́ 2 Ọ̀pẹ̀ 2026, 14:05');
    const seen = lastSeenFact(
      { lastSeen: { lga: 'Ikeja', state: 'Lagos', at: '2026-11-21 14:05:00' } },
      Date.parse('2026-11-21T16:05:00Z'),
      publicWordsOf('ig'),
    );
    expect(seen).toMatchObject({ place: 'Ikeja, Lagos', at: '21 Nov 2026, 14:05', ago: 'awa 3 gara aga' });
    expect(timeAgoText(0, 30_000, publicWordsOf('pcm'))).toBe('just now');
  });

  it('says the server’s messages it knows in the reader’s words, and others as written', () => {
    const pcm = publicWordsOf('pcm');
    expect(
      publicMessageText('This tracking link has been revoked. Ask the sender for a new link.', pcm),
    ).toBe('Dem don cancel dis tracking link. Ask di person wey send am for new one.');
    expect(publicMessageText('This tracking link expired on 3 Dec 2026, 09:30.', publicWordsOf('yo'))).toBe(
      'Ìjápọ̀ yìí ti parí ní 3 Ọ̀pẹ̀ 2026, 09:30.',
    );
    expect(publicMessageText('Too many requests. Please wait 5 minutes and try again.', pcm)).toBe(
      'Una don ask too much. Abeg wait 5 minutes, then try again.',
    );
    expect(publicMessageText('Too many requests. Please wait a minute and try again.', pcm)).toBe(
      'Una don ask too much. Abeg wait 1 minute, then try again.',
    );
    expect(publicMessageText('Something new the page has not met.', pcm)).toBe(
      'Something new the page has not met.',
    );
    const english = 'No trip has this tracking link. Check the link you were sent.';
    expect(publicMessageText(english, publicWordsOf('en-NG'))).toBe(english);
  });
});
