import { describe, expect, it } from 'vitest';
import { placeFromAddress, placeOfPosition } from './gazetteer';

describe('the place of a position', () => {
  it('reads the LGA and state from a provider address that names them', () => {
    expect(placeFromAddress('12 Creek Road, Apapa, Lagos, Nigeria')).toEqual({
      state: 'Lagos',
      lga: 'Apapa',
    });
    expect(placeFromAddress('Ring Road, Ibadan North-East, Oyo')).toEqual({
      state: 'Oyo',
      lga: 'Ibadan North-East',
    });
    expect(placeFromAddress('Lagos–Ibadan Expressway')).toBeNull();
    expect(placeFromAddress('Somewhere in Ghana')).toBeNull();
  });

  it('uses the address when it names the place, keeping its text as the description', () => {
    expect(placeOfPosition({ latitude: 6.45, longitude: 3.39 }, 'Creek Road, Apapa, Lagos')).toEqual({
      state: 'Lagos',
      lga: 'Apapa',
      description: 'Creek Road, Apapa, Lagos',
    });
  });

  it('falls back to the nearest gazetteer place', () => {
    const ikeja = placeOfPosition({ latitude: 6.6018, longitude: 3.3515 });
    expect(ikeja).toMatchObject({ state: 'Lagos', lga: 'Ikeja' });
    const ibadan = placeOfPosition({ latitude: 7.3775, longitude: 3.947 }, 'Unnamed road');
    expect(ibadan.state).toBe('Oyo');
    const kano = placeOfPosition({ latitude: 12.0, longitude: 8.52 });
    expect(kano.state).toBe('Kano');
    const onne = placeOfPosition({ latitude: 4.72, longitude: 7.15 });
    expect(onne).toMatchObject({ state: 'Rivers', lga: 'Eleme' });
  });

  it('says how far the nearest place is when it is far', () => {
    const bush = placeOfPosition({ latitude: 10.6, longitude: 4.2 });
    expect(bush.description).toMatch(/^\d+ km from /);
  });
});
