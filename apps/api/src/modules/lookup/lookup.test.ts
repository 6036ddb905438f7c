import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_LINES, TERMINALS } from '../../db/seed/reference-data';
import { signedInAccount } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

describe('lookups: terminals and shipping lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every seeded terminal by state, port and name, to any signed-in role', async () => {
    for (const type of ['CUSTOMER', 'TRANSPORTER', 'ADMIN'] as const) {
      const account = await signedInAccount(t, type);
      const res = await call(t.app, 'GET', '/api/v1/lookups/terminals', undefined, {
        token: account.accessToken,
      });
      expect(res.status).toBe(200);
      const list = res.body as unknown as { code: string; state: string; port: string; name: string }[];
      expect(list).toHaveLength(TERMINALS.length);
      const sorted = [...list].sort(
        (a, b) => byText(a.state, b.state) || byText(a.port, b.port) || byText(a.name, b.name),
      );
      expect(list.map((x) => x.code)).toEqual(sorted.map((x) => x.code));
      expect(list.findIndex((x) => x.state === 'Lagos')).toBeLessThan(
        list.findIndex((x) => x.state === 'Rivers'),
      );
      expect(list.find((x) => x.code === 'APMT-APAPA')).toMatchObject({
        id: expect.any(String),
        name: 'APM Terminals Apapa',
        operator: 'APM Terminals',
        kind: 'PORT_TERMINAL',
        port: 'Apapa',
        city: 'Apapa',
        lga: 'Apapa',
        state: 'Lagos',
      });
    }
  });

  it('lists the shipping lines by name', async () => {
    const account = await signedInAccount(t, 'TRANSPORTER');
    const res = await call(t.app, 'GET', '/api/v1/lookups/liners', undefined, { token: account.accessToken });
    expect(res.status).toBe(200);
    const list = res.body as unknown as { id: string; code: string; name: string }[];
    expect(list).toHaveLength(SHIPPING_LINES.length);
    const names = list.map((l) => l.name);
    expect(names).toEqual([...names].sort(byText));
    // Natural order, not byte order: upper-case letters do not jump ahead.
    expect(names.indexOf('Hapag-Lloyd')).toBeLessThan(names.indexOf('HMM'));
    expect(list.find((l) => l.code === 'MSC')).toEqual({
      id: expect.any(String),
      code: 'MSC',
      name: 'Mediterranean Shipping Company (MSC)',
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await call(t.app, 'GET', '/api/v1/lookups/terminals')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/lookups/liners')).status).toBe(401);
  });
});
