import { TRIP_STATUSES, USSD_SCREEN_MAX } from '@freightlane/domain';
import { LOCALES, USSD_CATALOG, type UssdKey } from '@freightlane/domain/i18n';
import { describe, expect, it } from 'vitest';
import { clip, LANGUAGE_CHOICES, ussdWords } from './ussd-screens';

const KEYS = Object.keys(USSD_CATALOG['en-NG']) as UssdKey[];
const PROBLEM_KEYS = KEYS.filter((key) => key.startsWith('problem.'));
const MONEY_KEYS = KEYS.filter((key) => key.startsWith('money.'));
const longest = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a), '');

describe.each(LOCALES)('the USSD screens in %s', (locale) => {
  const words = ussdWords(locale);
  // The longest value each placeholder can take, as the menu passes it (names and places already clipped).
  const values = {
    firstName: clip('Oluwaseyifunmi Adebayo-Williams', 20),
    time: '23:59',
    count: 4,
    tripNumber: 'TRP-2026-000123',
    pickup: 'W'.repeat(34),
    delivery: 'W'.repeat(34),
    stage: longest(TRIP_STATUSES.map((status) => words.step(status))),
    step: longest(TRIP_STATUSES.map((status) => words.step(status))),
    plate: 'ABC 123 XYZ',
    reason: 'R'.repeat(120),
    problem: longest(PROBLEM_KEYS.map((key) => words.say(key))),
    // Money spent: the longest kind, and amounts at the most an expense may be (₦50 million; 2,000 litres).
    kind: longest(MONEY_KEYS.map((key) => words.say(key))),
    litres: 2000,
    price: '20,000',
    total: '40,000,000',
    amount: '50,000,000',
  };

  it.each(KEYS)(`%s fits in ${USSD_SCREEN_MAX} characters at its longest`, (key) => {
    expect(words.say(key, values).length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });

  it('fits the menus that list choices: the companies and the languages', () => {
    const companies = ['C'.repeat(40), 'D'.repeat(40), 'E'.repeat(40)].map((name) => clip(name, 30));
    const menus = [
      ['chooseCompany', companies],
      ['languageMenu', LANGUAGE_CHOICES],
    ] as const;
    for (const [key, choices] of menus) {
      const whole = [words.say(key), ...choices.map((choice, i) => `${i + 1}. ${choice}`)].join('\n');
      expect(whole.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(words.choose(key, [...choices])).toBe(`CON ${whole}`);
    }
  });
});

describe('a screen', () => {
  it('is cut to the limit with an ellipsis rather than sent longer', () => {
    const answer = ussdWords('en-NG').end('notRecorded', { reason: 'x'.repeat(400) });
    expect(answer.length).toBe('END '.length + USSD_SCREEN_MAX);
    expect(answer.endsWith('…')).toBe(true);
  });
});
