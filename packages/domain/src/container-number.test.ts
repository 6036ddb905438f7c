import { describe, expect, it } from 'vitest';
import {
  containerCheckDigit,
  containerNumberProblem,
  isValidContainerNumber,
  normalizeContainerNumber,
} from './container-number';

describe('ISO 6346 container numbers', () => {
  it.each(['CSQU3054383', 'MSKU9070323', 'MSCU1234566'])('accepts %s', (n) => {
    expect(isValidContainerNumber(n)).toBe(true);
    expect(containerNumberProblem(n)).toBeNull();
  });

  it('computes the check digit, counting letters from 10 and skipping multiples of 11', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    // A remainder of 10 is written as 0.
    const tens = Array.from({ length: 1000 }, (_, i) => `ABCU${String(i).padStart(6, '0')}`).find((s) => {
      let sum = 0;
      for (let k = 0; k < 10; k++) {
        const ch = s[k]!;
        const v = /\d/.test(ch) ? Number(ch) : { A: 10, B: 12, C: 13, U: 32 }[ch as 'A' | 'B' | 'C' | 'U'];
        sum += v * 2 ** k;
      }
      return sum % 11 === 10;
    })!;
    expect(containerCheckDigit(tens)).toBe(0);
    expect(isValidContainerNumber(`${tens}0`)).toBe(true);
  });

  it('reads what people type: lower case, spaces and dashes', () => {
    expect(normalizeContainerNumber(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(isValidContainerNumber('csqu 305438-3')).toBe(true);
  });

  it.each([
    ['', 'Container number is required'],
    ['CSQU305438', 'Enter 4 letters ending in U, J or Z, then 7 digits, e.g. MSKU1234565'],
    ['CSQX3054383', 'Enter 4 letters ending in U, J or Z, then 7 digits, e.g. MSKU1234565'],
    ['CSQU3054384', 'The check digit does not match; check the container number'],
  ])('refuses %j with a reason', (input, message) => {
    expect(isValidContainerNumber(input)).toBe(false);
    expect(containerNumberProblem(input)).toBe(message);
  });

  it('shows a valid example in its own message', () => {
    expect(isValidContainerNumber('MSKU1234565')).toBe(true);
  });
});
