import { describe, expect, it } from 'vitest';
import {
  CONTAINER_SIZES,
  DAILY_RATE_MAX_KOBO,
  FREE_DAYS_MAX,
  isLgaOfState,
  nearestPlace,
  NIGERIA_LATITUDE,
  NIGERIA_LONGITUDE,
} from '@freightlane/domain';
import { SHIPPING_LINE_TARIFFS, SHIPPING_LINES, TERMINALS } from './reference-data';

const CODE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

const duplicates = (values: readonly string[]): string[] =>
  values.filter((value, i) => values.indexOf(value) !== i);

describe('TERMINALS', () => {
  it('has unique, upper-kebab codes and unique names', () => {
    for (const t of TERMINALS) expect(t.code).toMatch(CODE);
    expect(duplicates(TERMINALS.map((t) => t.code))).toEqual([]);
    expect(duplicates(TERMINALS.map((t) => t.name))).toEqual([]);
  });

  it('fills every field', () => {
    for (const t of TERMINALS) {
      for (const [field, value] of Object.entries(t)) {
        if (typeof value === 'string') expect(value.trim(), `${t.code}.${field}`).not.toBe('');
        else expect(Number.isFinite(value), `${t.code}.${field}`).toBe(true);
      }
    }
  });

  it('puts every terminal’s geofence in its own LGA, near the gazetteer’s place of it', () => {
    for (const t of TERMINALS) {
      const { place, km } = nearestPlace(t);
      expect(place.state, t.code).toBe(t.state);
      expect(km, `${t.code} is ${km.toFixed(1)} km from ${place.name}`).toBeLessThan(25);
    }
  });

  it('keeps every gate inside the bounds the back office accepts for Nigeria', () => {
    for (const t of TERMINALS) {
      expect(t.latitude, t.code).toBeGreaterThanOrEqual(NIGERIA_LATITUDE.min);
      expect(t.latitude, t.code).toBeLessThanOrEqual(NIGERIA_LATITUDE.max);
      expect(t.longitude, t.code).toBeGreaterThanOrEqual(NIGERIA_LONGITUDE.min);
      expect(t.longitude, t.code).toBeLessThanOrEqual(NIGERIA_LONGITUDE.max);
    }
  });

  it('places every terminal in an LGA of its state', () => {
    const misplaced = TERMINALS.filter((t) => !isLgaOfState(t.state, t.lga)).map(
      (t) => `${t.code}: ${t.lga}`,
    );
    expect(misplaced).toEqual([]);
  });

  it('covers Lagos and Rivers, with holding bays as well as port terminals', () => {
    expect(TERMINALS.some((t) => t.state === 'Lagos')).toBe(true);
    expect(TERMINALS.some((t) => t.state === 'Rivers')).toBe(true);
    expect(TERMINALS.filter((t) => t.kind === 'PORT_TERMINAL').length).toBeGreaterThan(0);
    expect(TERMINALS.filter((t) => t.kind === 'HOLDING_BAY').length).toBeGreaterThanOrEqual(2);
  });
});

describe('SHIPPING_LINES', () => {
  it('has unique, upper-case codes and unique names', () => {
    for (const line of SHIPPING_LINES) {
      expect(line.code).toMatch(CODE);
      expect(line.name.trim()).not.toBe('');
    }
    expect(duplicates(SHIPPING_LINES.map((l) => l.code))).toEqual([]);
    expect(duplicates(SHIPPING_LINES.map((l) => l.name))).toEqual([]);
  });
});

describe('SHIPPING_LINE_TARIFFS', () => {
  it('gives every seeded line a tariff for every container size, and nothing else', () => {
    expect(Object.keys(SHIPPING_LINE_TARIFFS).sort()).toEqual(SHIPPING_LINES.map((l) => l.code).sort());
    for (const [code, tariffs] of Object.entries(SHIPPING_LINE_TARIFFS)) {
      expect(Object.keys(tariffs).sort(), code).toEqual([...CONTAINER_SIZES].sort());
    }
  });

  it('stays within what the back office accepts, in whole kobo', () => {
    for (const [code, tariffs] of Object.entries(SHIPPING_LINE_TARIFFS)) {
      for (const [size, t] of Object.entries(tariffs)) {
        const where = `${code} ${size}`;
        expect(Number.isInteger(t.freeDays) && t.freeDays >= 0 && t.freeDays <= FREE_DAYS_MAX, where).toBe(
          true,
        );
        for (const rate of [t.demurrageKoboPerDay, t.detentionKoboPerDay]) {
          expect(Number.isInteger(rate) && rate > 0 && rate <= DAILY_RATE_MAX_KOBO, where).toBe(true);
        }
      }
    }
  });

  it('looks like a Lagos import tariff: tens of thousands of naira a day, a 40-foot box dearer', () => {
    for (const [code, t] of Object.entries(SHIPPING_LINE_TARIFFS)) {
      expect(t.FTS_20.freeDays, code).toBeGreaterThanOrEqual(7);
      expect(t.FTS_20.demurrageKoboPerDay, code).toBeGreaterThanOrEqual(10_000 * 100);
      expect(t.FTS_20.demurrageKoboPerDay, code).toBeLessThan(100_000 * 100);
      expect(t.FTS_20.detentionKoboPerDay, code).toBeLessThan(t.FTS_20.demurrageKoboPerDay);
      for (const size of ['FTS_40', 'FTS_45', 'FTS_40_HIGH'] as const) {
        expect(t[size].demurrageKoboPerDay, `${code} ${size}`).toBeGreaterThan(t.FTS_20.demurrageKoboPerDay);
        expect(t[size].detentionKoboPerDay, `${code} ${size}`).toBeGreaterThan(t.FTS_20.detentionKoboPerDay);
      }
    }
    expect(SHIPPING_LINE_TARIFFS.MAERSK!.FTS_20).toEqual({
      freeDays: 7,
      demurrageKoboPerDay: 3_800_000,
      detentionKoboPerDay: 3_000_000,
    });
  });
});
