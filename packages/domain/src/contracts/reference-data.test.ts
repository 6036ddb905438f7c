import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  basisPointsToPercentText,
  createShippingLineRequest,
  createTerminalRequest,
  percentTextToBasisPoints,
  setShippingLineTariffsRequest,
  updatePlatformSettingsRequest,
  updateShippingLineRequest,
  updateTerminalRequest,
  updateTrackingCompanyRequest,
} from './reference-data';

const issues = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const TERMINAL = {
  code: 'lilypond-ext',
  name: 'Lilypond Export Terminal',
  operator: 'Nigerian Ports Authority',
  kind: 'INLAND_DEPOT',
  port: 'Apapa',
  city: 'Ijora',
  state: 'Lagos',
  lga: 'Apapa',
  latitude: 6.4672,
  longitude: 3.3712,
};

describe('percent and basis points', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [500, '5.00'],
    [525, '5.25'],
    [3000, '30.00'],
  ])('shows %i basis points as %s', (bp, text) => {
    expect(basisPointsToPercentText(bp)).toBe(text);
    expect(percentTextToBasisPoints(text)).toBe(bp);
  });

  it('reads what a person types, without floats', () => {
    expect(percentTextToBasisPoints('5')).toBe(500);
    expect(percentTextToBasisPoints('5.5')).toBe(550);
    expect(percentTextToBasisPoints(' 7.35 % ')).toBe(735);
    expect(percentTextToBasisPoints('0.29')).toBe(29);
  });

  it.each(['', 'five', '-1', '5.255', '1,5', '1e2', '.5'])('refuses %j', (text) => {
    expect(percentTextToBasisPoints(text)).toBeNull();
  });
});

describe('platform terms', () => {
  it('accepts 0..30 % and 1..120 days in whole numbers', () => {
    expect(issues(updatePlatformSettingsRequest, { commissionBasisPoints: 0, paymentTermsDays: 1 })).toEqual(
      [],
    );
    expect(
      issues(updatePlatformSettingsRequest, { commissionBasisPoints: 3000, paymentTermsDays: 120 }),
    ).toEqual([]);
    expect(
      issues(updatePlatformSettingsRequest, { commissionBasisPoints: 3001, paymentTermsDays: 0 }),
    ).toEqual([
      'commissionBasisPoints: The commission must be at most 30 %',
      'paymentTermsDays: Payment terms are at least 1 day',
    ]);
    expect(
      issues(updatePlatformSettingsRequest, { commissionBasisPoints: 5.5, paymentTermsDays: 121 }),
    ).toEqual([
      'commissionBasisPoints: Enter the commission in whole basis points (1 % is 100)',
      'paymentTermsDays: Payment terms are at most 120 days',
    ]);
  });
});

describe('shipping lines', () => {
  it('upper-cases a code and refuses one with spaces or stray dashes', () => {
    expect(createShippingLineRequest.parse({ code: ' cma-cgm ', name: 'CMA CGM' }).code).toBe('CMA-CGM');
    expect(issues(createShippingLineRequest, { code: 'CMA CGM', name: 'CMA CGM' })).toEqual([
      'code: Use letters, digits and single dashes only, e.g. CMA-CGM',
    ]);
    expect(issues(createShippingLineRequest, { code: 'CMA--CGM', name: 'x'.repeat(121) })).toEqual([
      'code: Use letters, digits and single dashes only, e.g. CMA-CGM',
      'name: Name must be at most 120 characters',
    ]);
  });

  it('never changes the code and needs something to change', () => {
    expect(issues(updateShippingLineRequest, { name: 'Maersk Line', code: 'NEW' })).toEqual([
      ': Unrecognized key: "code"',
    ]);
    expect(issues(updateShippingLineRequest, {})).toEqual([': Send at least one field to change']);
    expect(issues(updateShippingLineRequest, { active: false })).toEqual([]);
  });

  it('checks each tariff and refuses a size sent twice', () => {
    const tariff = {
      containerSize: 'FTS_20',
      freeDays: 7,
      demurrageKoboPerDay: 3_500_000,
      detentionKoboPerDay: 0,
    };
    expect(issues(setShippingLineTariffsRequest, { tariffs: [tariff] })).toEqual([]);
    expect(
      issues(setShippingLineTariffsRequest, {
        tariffs: [
          { ...tariff, freeDays: 61, demurrageKoboPerDay: 1_000_000_001 },
          { ...tariff, containerSize: 'FTS_40', detentionKoboPerDay: -1 },
        ],
      }),
    ).toEqual([
      'tariffs.0.freeDays: Free days must be at most 60',
      'tariffs.0.demurrageKoboPerDay: A daily rate must be at most ₦10,000,000.00',
      'tariffs.1.detentionKoboPerDay: A daily rate cannot be negative',
    ]);
    expect(issues(setShippingLineTariffsRequest, { tariffs: [tariff, tariff] })).toEqual([
      'tariffs.1.containerSize: Send each container size once',
    ]);
    expect(
      issues(setShippingLineTariffsRequest, { tariffs: [{ ...tariff, containerSize: 'FTS_10' }] }),
    ).toEqual(['tariffs.0.containerSize: Choose a container size']);
  });
});

describe('terminals', () => {
  it('accepts a terminal with or without its gate position', () => {
    expect(createTerminalRequest.parse(TERMINAL).code).toBe('LILYPOND-EXT');
    const { latitude: _la, longitude: _lo, ...unplaced } = TERMINAL;
    expect(createTerminalRequest.parse(unplaced)).toMatchObject({ latitude: null, longitude: null });
  });

  it('keeps the position inside Nigeria and whole', () => {
    expect(issues(createTerminalRequest, { ...TERMINAL, latitude: 51.5, longitude: -0.12 })).toEqual([
      'latitude: A latitude in Nigeria is between 4 and 14',
      'longitude: A longitude in Nigeria is between 2.5 and 15',
    ]);
    expect(issues(createTerminalRequest, { ...TERMINAL, longitude: null })).toEqual([
      'longitude: Give both latitude and longitude, or neither',
    ]);
    expect(issues(updateTerminalRequest, { latitude: 6.5 })).toEqual([
      'longitude: Give both latitude and longitude, or neither',
    ]);
    expect(issues(updateTerminalRequest, { latitude: null, longitude: null })).toEqual([]);
  });

  it('needs the LGA to be of the state, and both sent together', () => {
    expect(issues(createTerminalRequest, { ...TERMINAL, lga: 'Obio/Akpor' })).toEqual([
      'lga: Choose an LGA of Lagos',
    ]);
    expect(issues(createTerminalRequest, { ...TERMINAL, state: 'Lagoss' })).toEqual([
      'state: Choose one of the 36 states or FCT',
    ]);
    expect(issues(updateTerminalRequest, { state: 'Rivers' })).toEqual([
      'lga: Send the state and the LGA together',
    ]);
    expect(issues(updateTerminalRequest, { state: 'Rivers', lga: 'Obio/Akpor' })).toEqual([]);
    expect(issues(updateTerminalRequest, { active: false })).toEqual([]);
  });
});

describe('tracking companies', () => {
  it('changes the name, description or active flag only', () => {
    expect(issues(updateTrackingCompanyRequest, { active: false })).toEqual([]);
    expect(issues(updateTrackingCompanyRequest, { active: true, kind: 'TRACCAR' })).toEqual([
      ': Unrecognized key: "kind"',
    ]);
    expect(issues(updateTrackingCompanyRequest, { description: ' ' })).toEqual([
      'description: Description is required',
    ]);
  });
});
