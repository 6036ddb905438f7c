import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('the secret box', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('traccar-password-ñ', 'credential-1');
    expect(sealed).not.toContain('traccar');
    expect(box.open(sealed, 'credential-1')).toBe('traccar-password-ñ');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a sealed value moved to another row, altered, or sealed with another key', () => {
    const sealed = box.seal('secret', 'credential-1');
    expect(() => box.open(sealed, 'credential-2')).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => box.open(altered, 'credential-1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'credential-1')).toThrow();
    expect(() => box.open('plain text', 'credential-1')).toThrow('Not a sealed secret');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});
