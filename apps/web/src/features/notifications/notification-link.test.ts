import { describe, expect, it } from 'vitest';
import { appPath } from './notification-link';

describe('appPath', () => {
  it('follows a path on this site only', () => {
    expect(appPath('/trips/trip-1')).toBe('/trips/trip-1');
    expect(appPath('/bids/orders/o1?tab=bids')).toBe('/bids/orders/o1?tab=bids');
    expect(appPath(null)).toBeNull();
    expect(appPath('')).toBeNull();
    expect(appPath('https://evil.example/')).toBeNull();
    expect(appPath('//evil.example/')).toBeNull();
    expect(appPath('/\\evil.example/')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
  });
});
