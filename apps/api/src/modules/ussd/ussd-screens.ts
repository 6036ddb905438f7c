import { USSD_SCREEN_MAX } from '@freightlane/domain';
import {
  createTranslator,
  DRIVER_CATALOG,
  LOCALE_NAMES,
  LOCALES,
  USSD_CATALOG,
  type Locale,
  type MessageValues,
  type UssdKey,
} from '@freightlane/domain/i18n';
import type { TripStatus } from '@freightlane/domain';

/** A screen as the gateway takes it: CON waits for the driver's reply, END closes the session. */
export type UssdAnswer = `CON ${string}` | `END ${string}`;

/** A value cut to `max` characters with an ellipsis, so one long name cannot push a screen past the limit. */
export function clip(value: string, max: number): string {
  const chars = [...value.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** The whole answer at most USSD_SCREEN_MAX characters: the gateway cuts longer screens anywhere. */
function fit(kind: 'CON' | 'END', screen: string): UssdAnswer {
  return `${kind} ${clip(screen, USSD_SCREEN_MAX)}` as UssdAnswer;
}

/** What the menu says in one language. */
export function ussdWords(locale: Locale) {
  const t = createTranslator(locale, USSD_CATALOG);
  const driverT = createTranslator(locale, DRIVER_CATALOG);
  const say = (key: UssdKey, values?: MessageValues) => t(key, values);
  return {
    locale,
    con: (key: UssdKey, values?: MessageValues) => fit('CON', say(key, values)),
    end: (key: UssdKey, values?: MessageValues) => fit('END', say(key, values)),
    /** A question with its numbered choices under it. */
    choose: (key: UssdKey, choices: string[]) =>
      fit('CON', [say(key), ...choices.map((choice, i) => `${i + 1}. ${choice}`)].join('\n')),
    step: (status: TripStatus) => driverT(`status.${status}`),
    say,
  };
}
export type UssdWords = ReturnType<typeof ussdWords>;

/** The language menu's choices, each language named in itself, in the order of LOCALES. */
export const LANGUAGE_CHOICES = LOCALES.map((locale) => LOCALE_NAMES[locale]);
