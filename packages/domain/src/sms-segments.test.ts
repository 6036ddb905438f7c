import { describe, expect, it } from 'vitest';
import { smsCostKobo, smsSegments } from './sms-segments';

const gsm = (n: number) => 'a'.repeat(n);
/** A Yoruba letter outside GSM-7, one UTF-16 unit. */
const yoruba = (n: number) => 'ẹ'.repeat(n);

describe('smsSegments: GSM-7', () => {
  it('fits 160 characters in one part and splits the 161st into two', () => {
    expect(smsSegments(gsm(160))).toEqual({ encoding: 'GSM_7', units: 160, segments: 1 });
    expect(smsSegments(gsm(161))).toEqual({ encoding: 'GSM_7', units: 161, segments: 2 });
  });

  it('puts 153 characters in each part of a split message', () => {
    expect(smsSegments(gsm(306))).toEqual({ encoding: 'GSM_7', units: 306, segments: 2 });
    expect(smsSegments(gsm(307))).toEqual({ encoding: 'GSM_7', units: 307, segments: 3 });
    expect(smsSegments(gsm(153 * 4)).segments).toBe(4);
  });

  it('counts an extension character as two septets', () => {
    expect(smsSegments(`${gsm(158)}€`)).toEqual({ encoding: 'GSM_7', units: 160, segments: 1 });
    expect(smsSegments(`${gsm(159)}€`)).toEqual({ encoding: 'GSM_7', units: 161, segments: 2 });
    for (const char of ['^', '{', '}', '\\', '[', '~', ']', '|', '€', '\f']) {
      expect(smsSegments(char), JSON.stringify(char)).toEqual({ encoding: 'GSM_7', units: 2, segments: 1 });
    }
  });

  it('never splits an extension character across two parts', () => {
    // 306 septets would fill two parts exactly, but the brace cannot start at the 153rd septet.
    const text = `${gsm(152)}{${gsm(152)}`;
    expect(smsSegments(text)).toEqual({ encoding: 'GSM_7', units: 306, segments: 3 });
  });

  it('keeps the basic alphabet’s accents, Greek capitals, line breaks and currency signs', () => {
    const text = 'Café Ñoño à Zürich £5 ¥ Δ @ ¿? §\nReturn\r';
    expect(smsSegments(text).encoding).toBe('GSM_7');
    expect(smsSegments(text).units).toBe([...text].length);
  });

  it('answers no part for an empty text', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM_7', units: 0, segments: 0 });
  });
});

describe('smsSegments: UCS-2', () => {
  it('turns a whole message UCS-2 for one Yoruba or Igbo letter', () => {
    expect(smsSegments('Ọjọ́ Ẹtì').encoding).toBe('UCS_2');
    for (const letter of ['ẹ', 'ọ', 'ṣ', 'ń', 'ị', 'ụ']) {
      expect(smsSegments(`Hello ${letter}`).encoding, letter).toBe('UCS_2');
    }
    // The naira sign, a tab and curly quotes are outside GSM-7 too.
    expect(smsSegments('Pay ₦4').encoding).toBe('UCS_2');
    expect(smsSegments('a\tb').encoding).toBe('UCS_2');
    expect(smsSegments('it’s').encoding).toBe('UCS_2');
  });

  it('fits 70 code units in one part and splits the 71st into two', () => {
    expect(smsSegments(yoruba(70))).toEqual({ encoding: 'UCS_2', units: 70, segments: 1 });
    expect(smsSegments(yoruba(71))).toEqual({ encoding: 'UCS_2', units: 71, segments: 2 });
  });

  it('puts 67 code units in each part of a split message', () => {
    expect(smsSegments(yoruba(134))).toEqual({ encoding: 'UCS_2', units: 134, segments: 2 });
    expect(smsSegments(yoruba(135))).toEqual({ encoding: 'UCS_2', units: 135, segments: 3 });
  });

  it('counts an emoji as two code units and never splits it across parts', () => {
    expect(smsSegments('🚚')).toEqual({ encoding: 'UCS_2', units: 2, segments: 1 });
    expect(smsSegments(`${gsm(68)}🚚`)).toEqual({ encoding: 'UCS_2', units: 70, segments: 1 });
    expect(smsSegments(`${gsm(69)}🚚`)).toEqual({ encoding: 'UCS_2', units: 71, segments: 2 });
    // 134 units would fill two parts exactly, but the truck cannot start at the 67th unit.
    expect(smsSegments(`${yoruba(66)}🚚${yoruba(66)}`)).toEqual({
      encoding: 'UCS_2',
      units: 134,
      segments: 3,
    });
  });
});

describe('smsCostKobo', () => {
  it('is the parts at the price per part', () => {
    expect(smsCostKobo(gsm(160), 400)).toBe(400);
    expect(smsCostKobo(gsm(161), 400)).toBe(800);
    expect(smsCostKobo(yoruba(71), 400)).toBe(800);
    expect(smsCostKobo(gsm(307), 250)).toBe(750);
    expect(smsCostKobo('', 400)).toBe(0);
  });
});
