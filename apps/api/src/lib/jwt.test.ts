import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenError, TokenSigner } from './jwt';

const SECRET = 'a-test-secret-of-forty-characters-long-xx';
const claims = { userId: 'user-1', sessionId: 'session-1', role: 'role_customer' as const };

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (err) {
    return err instanceof TokenError ? err.reason : 'other error';
  }
}

/** One character of the signature changed: the same claims, a signature that does not match them. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return token.slice(0, -2) + last + token.at(-1);
}

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('are accepted again and again while they last, and as expired once they end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = new TokenSigner(SECRET, 60, 3600);
    const { token } = await signer.signAccess(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await reasonOf(signer.verifyAccess(token))).toBe('expired');
    expect(await reasonOf(signer.verifyAccess(token))).toBe('expired');
  });

  it('are refused when altered, even after the genuine token was accepted', async () => {
    const signer = new TokenSigner(SECRET, 60, 3600);
    const { token } = await signer.signAccess(claims);
    expect(await signer.verifyAccess(token)).toEqual(claims);
    expect(await reasonOf(signer.verifyAccess(tampered(token)))).toBe('invalid');
    expect(await reasonOf(signer.verifyAccess(tampered(token)))).toBe('invalid');
  });

  it('are refused when signed with another secret or of the refresh kind', async () => {
    const signer = new TokenSigner(SECRET, 60, 3600);
    const other = new TokenSigner(`${SECRET}-other`, 60, 3600);
    const { token } = await other.signAccess(claims);
    expect(await other.verifyAccess(token)).toEqual(claims);
    expect(await reasonOf(signer.verifyAccess(token))).toBe('invalid');
    const refresh = await signer.signRefresh('user-1', 'session-1', 'token-1');
    expect(await reasonOf(signer.verifyAccess(refresh.token))).toBe('invalid');
  });

  it('stay correct past the number remembered', async () => {
    const signer = new TokenSigner(SECRET, 60, 3600);
    const tokens = await Promise.all(
      Array.from({ length: 10_050 }, (_, i) => signer.signAccess({ ...claims, userId: `user-${i}` })),
    );
    for (const { token } of tokens) await signer.verifyAccess(token);
    expect(await signer.verifyAccess(tokens[0]!.token)).toEqual({ ...claims, userId: 'user-0' });
    expect(await signer.verifyAccess(tokens[10_049]!.token)).toEqual({ ...claims, userId: 'user-10049' });
  });
});
