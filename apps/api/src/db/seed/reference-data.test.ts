import { describe, expect, it } from 'vitest';
import { isLgaOfState, nearestPlace } from '@freightlane/domain';
import { SHIPPING_LINES, TERMINALS } from './reference-data';

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
