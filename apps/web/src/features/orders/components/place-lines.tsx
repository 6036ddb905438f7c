import { TERMINAL_KIND_LABELS, type LocationView } from '@freightlane/domain';

/** A pickup or delivery place on two lines: the terminal and its operator, or the street and the town. */
export function PlaceLines({ location }: { location: LocationView }) {
  if (location.terminal)
    return (
      <>
        <span style={{ display: 'block' }}>
          {location.terminal.name} ({TERMINAL_KIND_LABELS[location.terminal.kind]})
        </span>
        <span style={{ display: 'block' }}>
          {location.terminal.operator}, {location.terminal.city}
        </span>
      </>
    );
  if (location.address) {
    const { street, neighborhood, lga, city, state } = location.address;
    return (
      <>
        <span style={{ display: 'block' }}>{[street, neighborhood].filter(Boolean).join(', ')}</span>
        <span style={{ display: 'block' }}>
          {city}, {lga} LGA, {state}
        </span>
      </>
    );
  }
  return <>N/A</>;
}
