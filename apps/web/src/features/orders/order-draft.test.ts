import { describe, expect, it } from 'vitest';
import { createMemoryStorage, makeJwt } from '../../test/fakes';
import {
  clearOrderDraft,
  emptyOrderDraft,
  isDraftEmpty,
  loadOrderDraft,
  orderDraftKey,
  saveOrderDraft,
  type OrderDraftValues,
} from './order-draft';

const KEY = 'freightlane.orderDraft.user-1';

function filledDraft(): OrderDraftValues {
  return {
    ...emptyOrderDraft(),
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Cement',
    containers: [
      {
        containerNumber: 'MSKU1234565',
        containerSize: 'FTS_40',
        linerId: 'liner-1',
        deliveryOrderValidityDate: '2026-12-01',
      },
    ],
    returnLoadsWelcome: true,
    quoteDocument: { id: 'doc-1', fileName: 'quote.pdf', sizeBytes: 1200 },
  };
}

describe('order draft key', () => {
  it('is per signed-in person, from the token subject', () => {
    expect(orderDraftKey(makeJwt({ sub: 'user-1' }))).toBe(KEY);
    expect(orderDraftKey(makeJwt({ sub: 'user-2' }))).not.toBe(KEY);
  });

  it('is null without a readable subject, so nothing is saved under a shared key', () => {
    expect(orderDraftKey(null)).toBeNull();
    expect(orderDraftKey('not-a-jwt')).toBeNull();
    expect(orderDraftKey(makeJwt({ scope: {} }))).toBeNull();
  });
});

describe('saving and loading a draft', () => {
  it('gives back the step and every value, with when it was saved', () => {
    const storage = createMemoryStorage();
    const values = filledDraft();
    expect(saveOrderDraft(storage, KEY, { step: 2, values }, new Date('2026-11-21T13:05:00Z'))).toBe(true);
    expect(loadOrderDraft(storage, KEY)).toEqual({
      version: 1,
      savedAt: '2026-11-21T13:05:00.000Z',
      step: 2,
      values,
    });
  });

  it('resumes a draft saved before return loads were asked about, as not welcoming them', () => {
    const { returnLoadsWelcome: _, ...older } = filledDraft();
    const storage = createMemoryStorage({
      [KEY]: JSON.stringify({ version: 1, savedAt: '2026-11-21T13:05:00.000Z', step: 3, values: older }),
    });
    expect(loadOrderDraft(storage, KEY)?.values).toEqual({ ...filledDraft(), returnLoadsWelcome: false });
  });

  it('answers null when there is no draft', () => {
    expect(loadOrderDraft(createMemoryStorage(), KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{"version":1,'],
    [
      'another version',
      JSON.stringify({ version: 2, savedAt: '2026-11-21T13:05:00.000Z', step: 0, values: emptyOrderDraft() }),
    ],
    [
      'a step out of range',
      JSON.stringify({ version: 1, savedAt: '2026-11-21T13:05:00.000Z', step: 9, values: emptyOrderDraft() }),
    ],
    [
      'an unknown cargo type',
      JSON.stringify({
        version: 1,
        savedAt: '2026-11-21T13:05:00.000Z',
        step: 0,
        values: { ...emptyOrderDraft(), cargoType: 'BULK' },
      }),
    ],
    [
      'rows that are not rows',
      JSON.stringify({
        version: 1,
        savedAt: '2026-11-21T13:05:00.000Z',
        step: 1,
        values: { ...emptyOrderDraft(), containers: 'MSKU' },
      }),
    ],
    ['no values at all', JSON.stringify({ version: 1, savedAt: '2026-11-21T13:05:00.000Z', step: 1 })],
    ['null', 'null'],
  ])('throws away a corrupt draft (%s) instead of failing', (_case, raw) => {
    const storage = createMemoryStorage({ [KEY]: raw });
    expect(loadOrderDraft(storage, KEY)).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('copes with a storage that refuses to work', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadOrderDraft(broken, KEY)).toBeNull();
    expect(saveOrderDraft(broken, KEY, { step: 0, values: filledDraft() })).toBe(false);
    expect(() => clearOrderDraft(broken, KEY)).not.toThrow();
  });

  it('clears the draft', () => {
    const storage = createMemoryStorage();
    saveOrderDraft(storage, KEY, { step: 1, values: filledDraft() });
    clearOrderDraft(storage, KEY);
    expect(loadOrderDraft(storage, KEY)).toBeNull();
  });
});

describe('an empty draft', () => {
  it('is one nothing was typed into', () => {
    expect(isDraftEmpty(emptyOrderDraft())).toBe(true);
    expect(isDraftEmpty({ ...emptyOrderDraft(), clientName: 'A' })).toBe(false);
    expect(isDraftEmpty(filledDraft())).toBe(false);
  });

  it('starts with one container row and one truck-load row', () => {
    const draft = emptyOrderDraft();
    expect(draft.containers).toHaveLength(1);
    expect(draft.containers[0]?.containerSize).toBe('FTS_20');
    expect(draft.generalCargos).toHaveLength(1);
  });
});
