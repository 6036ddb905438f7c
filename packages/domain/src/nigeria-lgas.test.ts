import { describe, it, expect } from 'vitest';
import { NIGERIAN_STATES, type NigerianState } from './nigeria';
import { LGAS_BY_STATE, isLgaOfState, lgasOf } from './nigeria-lgas';

const EXPECTED_COUNTS: Record<NigerianState, number> = {
  Abia: 17,
  Adamawa: 21,
  'Akwa Ibom': 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  'Cross River': 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  FCT: 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
};

describe('LGAS_BY_STATE', () => {
  it('has a non-empty list for every state and nothing else', () => {
    for (const state of NIGERIAN_STATES) expect(LGAS_BY_STATE[state].length, state).toBeGreaterThan(0);
    expect(Object.keys(LGAS_BY_STATE).sort()).toEqual([...NIGERIAN_STATES].sort());
  });

  it('holds the 774 LGAs of Nigeria', () => {
    const total = NIGERIAN_STATES.reduce((n, state) => n + LGAS_BY_STATE[state].length, 0);
    expect(total).toBe(774);
  });

  it('has the official number of LGAs in each state', () => {
    const counts = Object.fromEntries(NIGERIAN_STATES.map((state) => [state, LGAS_BY_STATE[state].length]));
    expect(counts).toEqual(EXPECTED_COUNTS);
  });

  it('has the 20 LGAs of Lagos and the 6 area councils of the FCT', () => {
    expect(LGAS_BY_STATE.Lagos).toHaveLength(20);
    expect(LGAS_BY_STATE.Lagos).toContain('Apapa');
    expect(LGAS_BY_STATE.Lagos).toContain('Ikeja');
    expect(LGAS_BY_STATE.FCT).toEqual([
      'Abaji',
      'Bwari',
      'Gwagwalada',
      'Kuje',
      'Kwali',
      'Municipal Area Council',
    ]);
    expect(LGAS_BY_STATE.Kano).toHaveLength(44);
    expect(LGAS_BY_STATE.Rivers).toEqual(
      expect.arrayContaining(['Port Harcourt', 'Obio/Akpor', 'Eleme', 'Oyigbo', 'Ikwerre', 'Okrika']),
    );
  });

  it('has no duplicates within a state, ignoring case and spacing', () => {
    for (const state of NIGERIAN_STATES) {
      const keys = LGAS_BY_STATE[state].map((lga) => lga.trim().toLowerCase());
      expect(new Set(keys).size, state).toBe(keys.length);
    }
  });

  it('has names without stray whitespace', () => {
    for (const state of NIGERIAN_STATES) {
      for (const lga of LGAS_BY_STATE[state]) expect(lga, state).toMatch(/^\S+( \S+)*$/);
    }
  });

  it('keeps each state list in alphabetical order', () => {
    for (const state of NIGERIAN_STATES) {
      const list = LGAS_BY_STATE[state];
      expect(list, state).toEqual([...list].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });
});

describe('lgasOf', () => {
  it('returns the list for a state, and an empty list for an unknown state', () => {
    expect(lgasOf('Lagos')).toBe(LGAS_BY_STATE.Lagos);
    expect(lgasOf(' cross river ')).toBe(LGAS_BY_STATE['Cross River']);
    expect(lgasOf('Atlantis')).toEqual([]);
    expect(lgasOf('')).toEqual([]);
    expect(lgasOf('constructor')).toEqual([]);
  });
});

describe('isLgaOfState', () => {
  it('matches case-insensitively and ignores surrounding whitespace', () => {
    expect(isLgaOfState('Lagos', 'apapa')).toBe(true);
    expect(isLgaOfState(' lagos ', '  IKEJA ')).toBe(true);
    expect(isLgaOfState('Rivers', 'obio/akpor')).toBe(true);
    expect(isLgaOfState('FCT', 'municipal area council')).toBe(true);
  });

  it('rejects an LGA of another state, an unknown LGA and an unknown state', () => {
    expect(isLgaOfState('Lagos', 'Port Harcourt')).toBe(false);
    expect(isLgaOfState('Lagos', 'Nowhere')).toBe(false);
    expect(isLgaOfState('Lagos', '')).toBe(false);
    expect(isLgaOfState('Atlantis', 'Apapa')).toBe(false);
    expect(isLgaOfState('', 'Apapa')).toBe(false);
  });

  it('accepts every listed LGA for its own state', () => {
    for (const state of NIGERIAN_STATES) {
      for (const lga of LGAS_BY_STATE[state]) expect(isLgaOfState(state, lga), `${state}/${lga}`).toBe(true);
    }
  });
});
