/**
 * ISO 6346 container numbers: a 3-letter owner code, an equipment category (U, J or Z), a
 * 6-digit serial and a check digit computed from the first ten characters.
 */
const LETTER_VALUES: Record<string, number> = (() => {
  // Letters count from 10 and skip every multiple of 11, so A=10, B=12 … K=21, L=23 …
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  return values;
})();

const SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/** Upper-cases and removes spaces and dashes, as people type "MSKU 123456-5". */
export function normalizeContainerNumber(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** The check digit for the first ten characters, or null when they are not of the right shape. */
export function containerCheckDigit(firstTen: string): number | null {
  if (!/^[A-Z]{3}[UJZ]\d{6}$/.test(firstTen)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = firstTen[i]!;
    const value = /\d/.test(ch) ? Number(ch) : LETTER_VALUES[ch]!;
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

export function isValidContainerNumber(input: string): boolean {
  const value = normalizeContainerNumber(input);
  if (!SHAPE.test(value)) return false;
  return containerCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** Why a container number is refused, in words the user can act on; null when it is valid. */
export function containerNumberProblem(input: string): string | null {
  const value = normalizeContainerNumber(input);
  if (value.length === 0) return 'Container number is required';
  if (!SHAPE.test(value)) return 'Enter 4 letters ending in U, J or Z, then 7 digits, e.g. MSKU1234565';
  if (!isValidContainerNumber(value)) return 'The check digit does not match; check the container number';
  return null;
}
