import { describe, expect, it } from 'vitest';
import { isPublicUrl } from './outbound-host';

describe('addresses a saved URL may reach', () => {
  it('refuses this machine, private networks and cloud metadata', async () => {
    for (const url of [
      'http://127.0.0.1:8082',
      'http://localhost:8082',
      'http://10.1.2.3',
      'http://172.20.0.5',
      'http://192.168.1.10',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8082',
      'http://[::ffff:127.0.0.1]',
      'http://0.0.0.0',
    ]) {
      expect(await isPublicUrl(url), url).toBe(false);
    }
  });

  it('allows public addresses', async () => {
    expect(await isPublicUrl('https://41.58.10.20')).toBe(true);
    expect(await isPublicUrl('https://[2c0f:f5c0::1]')).toBe(true);
  });
});
