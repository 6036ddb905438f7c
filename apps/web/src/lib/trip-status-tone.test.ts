import { describe, expect, it } from 'vitest';
import { ongoingStatusTone, stepTone, tripStatusTone } from './trip-status-tone';

describe('the colour of a trip status (UI.md)', () => {
  it('gives a trip its latest status’s colour, grey before the start and red once cancelled', () => {
    expect(tripStatusTone({ cancelled: false, latestTripStatus: { tripStatus: 'STARTED' } })).toBe('blue');
    expect(
      tripStatusTone({ cancelled: false, latestTripStatus: { tripStatus: 'AT_WAREHOUSE_LOCATION' } }),
    ).toBe('violet');
    expect(tripStatusTone({ cancelled: false, latestTripStatus: { tripStatus: 'LOADED' } })).toBe('teal');
    expect(tripStatusTone({ cancelled: false, latestTripStatus: { tripStatus: 'DELIVERED' } })).toBe('green');
    expect(tripStatusTone({ cancelled: false, latestTripStatus: { tripStatus: 'EMPTY_DROP_OFF' } })).toBe(
      'gray',
    );
    expect(tripStatusTone({ cancelled: false, latestTripStatus: null })).toBe('gray');
    expect(tripStatusTone({ cancelled: true, latestTripStatus: { tripStatus: 'STARTED' } })).toBe('red');
  });

  it('colours the progress steps and the ongoing table the same way', () => {
    expect(stepTone('STARTED')).toBe('blue');
    expect(stepTone('AT_PICKUP')).toBe('violet');
    expect(stepTone('LOADED')).toBe('teal');
    expect(stepTone('AT_DELIVERY')).toBe('violet');
    expect(stepTone('DELIVERED')).toBe('green');
    expect(stepTone('EMPTY_DROP_OFF')).toBe('gray');
    expect(ongoingStatusTone('DELAYED')).toBe('orange');
    expect(ongoingStatusTone('Container(s) Loaded')).toBe('teal');
    expect(ongoingStatusTone('At Drop-Off Location')).toBe('violet');
    expect(ongoingStatusTone('N/A')).toBe('gray');
  });
});
