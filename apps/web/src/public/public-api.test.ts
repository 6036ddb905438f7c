import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './public-api';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-21T08:00:00Z');

  it('reads a number of seconds', () => {
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds until it, never below 0', () => {
    expect(retryAfterSeconds('Sat, 21 Nov 2026 08:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 07:59:00 GMT', now)).toBe(0);
  });

  it('is null when missing or unreadable', () => {
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('', now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds('-5', now)).toBeNull();
  });
});
