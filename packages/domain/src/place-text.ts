/** The parts of a place the one-line rule reads: a terminal's operator and city, an address's city and state. */
export interface PlaceParts {
  terminal?: ({ operator: string; city: string } & Record<string, unknown>) | null;
  address?: ({ city: string; state: string } & Record<string, unknown>) | null;
}

/** The spec's rule for a place in one line: terminal operator and city, else address city and state. */
export function locationText(location: PlaceParts | null | undefined): string {
  if (location?.terminal) return `${location.terminal.operator}, ${location.terminal.city}`;
  if (location?.address) return `${location.address.city}, ${location.address.state}`;
  return 'N/A';
}
