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

/**
 * A place's words in one line, from the most precise to the widest, each said once: a spot named after
 * its LGA reads "Ikeja, Lagos" (not "Ikeja, Ikeja, Lagos") and "Near Ikeja, Lagos" (not "Near Ikeja,
 * Ikeja, Lagos"). A part already said as whole words by a more precise part is left out, and so are
 * empty parts.
 */
export function placeWords(parts: readonly (string | null | undefined)[]): string {
  const words: string[] = [];
  for (const part of parts) {
    const word = part?.trim();
    if (!word) continue;
    const said = new RegExp(`(^|\\P{L})${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\P{L})`, 'iu');
    if (words.some((earlier) => said.test(earlier))) continue;
    words.push(word);
  }
  return words.join(', ');
}
