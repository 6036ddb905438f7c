import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo';
import { GAZETTEER } from './gazetteer-data';
import { NIGERIAN_STATES } from './nigeria';
import { LGAS_BY_STATE, isLgaOfState } from './nigeria-lgas';

describe('the gazetteer', () => {
  it('names every LGA and state as the LGA list spells them', () => {
    const wrong = GAZETTEER.filter((p) => !isLgaOfState(p.state, p.lga)).map(
      (p) => `${p.name}: ${p.lga}, ${p.state}`,
    );
    expect(wrong).toEqual([]);
  });

  it('places everything inside Nigeria, each name once', () => {
    for (const p of GAZETTEER) {
      expect(p.latitude, p.name).toBeGreaterThan(4);
      expect(p.latitude, p.name).toBeLessThan(14);
      expect(p.longitude, p.name).toBeGreaterThan(2.6);
      expect(p.longitude, p.name).toBeLessThan(14.7);
    }
    expect(new Set(GAZETTEER.map((p) => p.name)).size).toBe(GAZETTEER.length);
  });

  it('has every state and the FCT, and every Lagos LGA', () => {
    expect(NIGERIAN_STATES.filter((s) => !GAZETTEER.some((p) => p.state === s))).toEqual([]);
    const lagos = new Set(GAZETTEER.filter((p) => p.state === 'Lagos').map((p) => p.lga));
    expect(LGAS_BY_STATE.Lagos.filter((lga) => !lagos.has(lga))).toEqual([]);
  });

  it('puts the corridors’ towns in order of distance from Apapa', () => {
    const at = (name: string) => GAZETTEER.find((p) => p.name === name)!;
    const fromApapa = (name: string) => distanceKm(at('Apapa'), at(name));
    const lagosToKano = [
      'Berger',
      'Sagamu Interchange',
      'Ibadan',
      'Ogbomosho',
      'Ilorin',
      'Jebba',
      'Kaduna',
      'Zaria',
      'Kano',
    ];
    const distances = lagosToKano.map(fromApapa);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distanceKm(at('Onne'), at('Port Harcourt'))).toBeLessThan(20);
    expect(distanceKm(at('Apapa'), at('Tin Can Island'))).toBeLessThan(5);
  });
});
