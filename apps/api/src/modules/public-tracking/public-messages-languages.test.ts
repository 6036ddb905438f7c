// The public pages say the server's messages in the reader's language by knowing their English words
// (packages/domain/src/public-tracking.ts, publicMessageText): this holds the two sides together, so a
// message reworded here without its translation fails, instead of reaching a Hausa reader in English.
import { describe, expect, it } from 'vitest';
import { publicMessageText } from '@freightlane/domain/public-tracking';
import { publicWordsOf } from '@freightlane/domain/i18n';
import {
  ONGOING_LINK_NOT_FOUND,
  TRACKING_LINK_REVOKED,
  TRIP_NOT_FOUND,
  trackingLinkExpiredMessage,
} from './public-tracking.service';

const LANGUAGES = ['pcm', 'ha', 'yo', 'ig'] as const;

describe('the public 404 messages in every language', () => {
  it.each(LANGUAGES)('%s has each of them', (locale) => {
    const words = publicWordsOf(locale);
    for (const message of [TRIP_NOT_FOUND, TRACKING_LINK_REVOKED, ONGOING_LINK_NOT_FOUND]) {
      expect(publicMessageText(message, words), message).not.toBe(message);
    }
  });

  it('says when a link expired with the reader’s month', () => {
    const message = trackingLinkExpiredMessage(new Date('2026-11-21T13:05:00Z'));
    expect(message).toBe('This tracking link expired on 21 Nov 2026, 14:05.');
    expect(publicMessageText(message, publicWordsOf('ha'))).toBe(
      'Wannan link ɗin bibiya ya ƙare a 21 Nuw 2026, 14:05.',
    );
  });
});
