import { describe, expect, it } from 'vitest';
import {
  formatNigerianPhone,
  isNigerianE164,
  isValidElevenDigitPhone,
  isValidTenDigitPhone,
  toNigerianE164,
} from './phone';

describe('isValidTenDigitPhone (spec: empty or exactly 10 digits)', () => {
  it('accepts an empty value and exactly ten digits', () => {
    expect(isValidTenDigitPhone('')).toBe(true);
    expect(isValidTenDigitPhone('8031234567')).toBe(true);
  });

  it('rejects nine or eleven digits', () => {
    expect(isValidTenDigitPhone('803123456')).toBe(false);
    expect(isValidTenDigitPhone('08031234567')).toBe(false);
  });

  it('rejects anything that is not a plain digit', () => {
    expect(isValidTenDigitPhone('803123456a')).toBe(false);
    expect(isValidTenDigitPhone('803 123 456')).toBe(false);
    expect(isValidTenDigitPhone('+803123456')).toBe(false);
    expect(isValidTenDigitPhone(' 8031234567')).toBe(false);
    expect(isValidTenDigitPhone('8031234567\n')).toBe(false);
    expect(isValidTenDigitPhone(' ')).toBe(false);
  });
});

describe('isValidElevenDigitPhone (spec: empty or exactly 11 digits)', () => {
  it('accepts an empty value and exactly eleven digits', () => {
    expect(isValidElevenDigitPhone('')).toBe(true);
    expect(isValidElevenDigitPhone('08031234567')).toBe(true);
  });

  it('rejects ten or twelve digits', () => {
    expect(isValidElevenDigitPhone('8031234567')).toBe(false);
    expect(isValidElevenDigitPhone('080312345678')).toBe(false);
  });

  it('rejects anything that is not a plain digit', () => {
    expect(isValidElevenDigitPhone('0803123456x')).toBe(false);
    expect(isValidElevenDigitPhone('0803-123-456')).toBe(false);
    expect(isValidElevenDigitPhone('+2348031234')).toBe(false);
  });
});

describe('toNigerianE164', () => {
  it.each([
    ['0803 123 4567'],
    ['08031234567'],
    ['8031234567'],
    ['803-123-4567'],
    ['(0803) 123.4567'],
    ['+234 803 123 4567'],
    ['+2348031234567'],
    ['2348031234567'],
    ['234 803 123 4567'],
  ])('turns %j into +2348031234567', (input) => {
    expect(toNigerianE164(input)).toBe('+2348031234567');
  });

  it('keeps the national digits it was given', () => {
    expect(toNigerianE164('0701 999 0001')).toBe('+2347019990001');
    expect(toNigerianE164('9012345678')).toBe('+2349012345678');
  });

  it.each([['12345'], [''], ['080312345678'], ['803123456'], ['+1 803 123 4567'], ['+44 20 7946 0958']])(
    'rejects %j, which is not a Nigerian number',
    (input) => {
      expect(toNigerianE164(input)).toBeNull();
    },
  );

  it.each([
    // 10 digits that still carry the trunk 0.
    ['0803123456'],
    // country code followed by a national number that starts with 0
    ['+2340803123456'],
    ['2340803123456'],
    // 0 + a 10-digit number that itself starts with 0
    ['00803123456'],
  ])('rejects %j, whose national number starts with 0 after stripping', (input) => {
    expect(toNigerianE164(input)).toBeNull();
  });

  it.each([['0803 ABC 4567'], ['O8031234567'], ['+234 803 123 456l'], ['phone']])(
    'rejects %j, which has letters',
    (input) => {
      expect(toNigerianE164(input)).toBeNull();
    },
  );

  it('always produces something isNigerianE164 accepts', () => {
    for (const input of ['0803 123 4567', '8031234567', '+234 803 123 4567', '2348031234567']) {
      const e164 = toNigerianE164(input);
      expect(e164).not.toBeNull();
      expect(isNigerianE164(e164!)).toBe(true);
    }
  });
});

describe('isNigerianE164', () => {
  it('accepts +234 followed by 10 digits not starting with 0', () => {
    expect(isNigerianE164('+2348031234567')).toBe(true);
    expect(isNigerianE164('+2341234567890')).toBe(true);
  });

  it('rejects every other shape', () => {
    expect(isNigerianE164('2348031234567')).toBe(false);
    expect(isNigerianE164('+23408031234567')).toBe(false);
    expect(isNigerianE164('+2340803123456')).toBe(false);
    expect(isNigerianE164('+234803123456')).toBe(false);
    expect(isNigerianE164('+23480312345678')).toBe(false);
    expect(isNigerianE164('+234 803 123 4567')).toBe(false);
    expect(isNigerianE164('08031234567')).toBe(false);
    expect(isNigerianE164('+2338031234567')).toBe(false);
    expect(isNigerianE164('')).toBe(false);
  });
});

describe('formatNigerianPhone', () => {
  it('writes an E.164 number the Nigerian way: 0XXX XXX XXXX', () => {
    expect(formatNigerianPhone('+2348031234567')).toBe('0803 123 4567');
    expect(formatNigerianPhone('+2347019990001')).toBe('0701 999 0001');
  });

  it('round-trips with toNigerianE164', () => {
    expect(toNigerianE164(formatNigerianPhone('+2349012345678'))).toBe('+2349012345678');
  });

  it('gives back anything that is not a Nigerian E.164 number unchanged', () => {
    expect(formatNigerianPhone('08031234567')).toBe('08031234567');
    expect(formatNigerianPhone('+447946095800')).toBe('+447946095800');
    expect(formatNigerianPhone('')).toBe('');
  });
});

describe('toNigerianE164 with the trunk 0 after the country code', () => {
  it('drops the 0', () => {
    expect(toNigerianE164('+234 0803 123 4567')).toBe('+2348031234567');
    expect(toNigerianE164('23408031234567')).toBe('+2348031234567');
  });
});
