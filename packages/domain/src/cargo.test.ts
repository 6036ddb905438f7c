import { describe, expect, it } from 'vitest';
import {
  CARGO_TYPES,
  CARGO_TYPE_LABELS,
  CONTAINER_SIZES,
  CONTAINER_SIZE_LABELS,
  DEFAULT_CONTAINER_SIZE,
  isContainerCargo,
  unitLabel,
} from './cargo';

describe('cargo types and container sizes of the spec', () => {
  it('has the five cargo types with their labels', () => {
    expect(CARGO_TYPES).toEqual([
      'IMPORT_SHIPPER_OWNED',
      'IMPORT_LINER_OWNED',
      'EMPTY_CONTAINER',
      'EXPORT',
      'GENERAL_CARGO',
    ]);
    expect(CARGO_TYPE_LABELS.IMPORT_SHIPPER_OWNED).toBe('Import SOC');
    expect(CARGO_TYPE_LABELS.IMPORT_LINER_OWNED).toBe('Import LOC');
  });

  it('defaults container size to FTS_20, shown as 20 FT', () => {
    expect(CONTAINER_SIZES).toEqual(['FTS_20', 'FTS_40', 'FTS_45', 'FTS_40_HIGH']);
    expect(DEFAULT_CONTAINER_SIZE).toBe('FTS_20');
    expect(CONTAINER_SIZE_LABELS.FTS_20).toBe('20 FT');
  });

  it('prices container cargo per container and general cargo per truck load', () => {
    expect(CARGO_TYPES.filter(isContainerCargo)).toHaveLength(4);
    expect(isContainerCargo('GENERAL_CARGO')).toBe(false);
    expect(unitLabel('EXPORT')).toBe('container');
    expect(unitLabel('GENERAL_CARGO', true)).toBe('truck loads');
  });
});
