import { describe, expect, it } from 'vitest';
import { adminEraseUserRequest, eraseMyAccountRequest, myDataFileName } from './data-rights';

describe('data rights contracts', () => {
  it('asks for the password to erase an account, up to the password length limit', () => {
    expect(eraseMyAccountRequest.parse({ password: 'Sturdy-Cargo-2026' })).toEqual({
      password: 'Sturdy-Cargo-2026',
    });
    expect(eraseMyAccountRequest.safeParse({ password: '' }).error?.issues[0]?.message).toBe(
      'Enter your password',
    );
    expect(eraseMyAccountRequest.safeParse({ password: 'x'.repeat(129) }).success).toBe(false);
    expect(eraseMyAccountRequest.safeParse({ password: 'x', extra: 1 }).success).toBe(false);
  });

  it("needs an admin's reason, trimmed, of 3 to 500 characters", () => {
    expect(adminEraseUserRequest.parse({ reason: '  Asked by e-mail  ' })).toEqual({
      reason: 'Asked by e-mail',
    });
    expect(adminEraseUserRequest.safeParse({ reason: ' no ' }).success).toBe(false);
    expect(adminEraseUserRequest.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('names the export file after the Lagos date', () => {
    expect(myDataFileName('2026-11-21')).toBe('freightlane-my-data-2026-11-21.json');
  });
});
