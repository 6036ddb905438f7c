import { describe, expect, it } from 'vitest';
import { changeOf } from './audit';

describe('changeOf: the before and after of an edit', () => {
  const truck = {
    registrationNumber: 'LSR 123 XY',
    make: 'MAN',
    year: 2019,
    address: { street: '1 Wharf Road', lga: 'Apapa', state: 'Lagos' },
    retiredAt: null as Date | null,
    updatedAt: new Date('2026-11-20T09:00:00Z'),
  };

  it('keeps only the fields whose value changes', () => {
    expect(changeOf(truck, { make: 'MAN', year: 2020, registrationNumber: 'LSR 123 XY' })).toEqual({
      before: { year: 2019 },
      after: { year: 2020 },
    });
  });

  it('treats an object equal field by field as unchanged, whatever the order of its keys', () => {
    const same = { state: 'Lagos', lga: 'Apapa', street: '1 Wharf Road' };
    expect(changeOf(truck, { address: same })).toEqual({ before: {}, after: {} });
    const moved = { ...same, street: '4 Creek Road' };
    expect(changeOf(truck, { address: moved })).toEqual({
      before: { address: truck.address },
      after: { address: moved },
    });
  });

  it('writes dates as ISO text, a field the row lacks as null, and skips fields left out of the change', () => {
    const retiredAt = new Date('2026-11-21T10:00:00Z');
    expect(changeOf(truck, { retiredAt, colour: 'white', make: undefined })).toEqual({
      before: { retiredAt: null, colour: null },
      after: { retiredAt: '2026-11-21T10:00:00.000Z', colour: 'white' },
    });
  });
});
