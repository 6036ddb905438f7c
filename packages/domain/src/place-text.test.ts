import { describe, expect, it } from 'vitest';
import { placeWords } from './place-text';

describe('a place in words', () => {
  it('says each word once, from the most precise to the widest', () => {
    expect(placeWords(['Ikeja', 'Ikeja', 'Lagos'])).toBe('Ikeja, Lagos');
    expect(placeWords(['ikeja ', 'Ikeja', 'Lagos'])).toBe('ikeja, Lagos');
    expect(placeWords(['Otedola bridge', 'Ikeja', 'Lagos'])).toBe('Otedola bridge, Ikeja, Lagos');
    expect(placeWords(['Near Ikeja', 'Ikeja', 'Lagos'])).toBe('Near Ikeja, Lagos');
    expect(placeWords(['Apapa Wharf', 'Apapa', 'Lagos'])).toBe('Apapa Wharf, Lagos');
    // A word inside another word is not the same place.
    expect(placeWords(['Ikejaville', 'Ikeja', 'Lagos'])).toBe('Ikejaville, Ikeja, Lagos');
    expect(placeWords(['Port (Onne)', 'Onne', 'Rivers'])).toBe('Port (Onne), Rivers');
  });

  it('leaves out empty parts', () => {
    expect(placeWords([null, '', 'Apapa', undefined, 'Lagos'])).toBe('Apapa, Lagos');
    expect(placeWords([])).toBe('');
  });
});
