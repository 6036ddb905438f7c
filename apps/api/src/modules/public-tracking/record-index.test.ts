import { describe, expect, it } from 'vitest';
import { RecordIndex, hashBytes, hashText } from './record-index';

describe('the record index', () => {
  /** Texts indexed by record number, as the packed records would hold them. */
  const texts = Array.from({ length: 20_000 }, (_, n) => `trip-${n.toString(36).padStart(8, '0')}`);
  const find = (index: RecordIndex, text: string) =>
    index.find(hashText(text), (record) => texts[record] === text);

  it('hashes a text as the bytes it packs to', () => {
    const text = 'AbC-_09xyzAbC-_09xyz12';
    const bytes = Buffer.from(`..${text}..`, 'latin1');
    expect(hashBytes(bytes, 2, text.length)).toBe(hashText(text));
  });

  it('finds every entry as it grows, and none it never had', () => {
    const index = new RecordIndex();
    texts.forEach((text, record) => index.add(hashText(text), record));
    expect(index.size).toBe(texts.length);
    texts.forEach((text, record) => expect(find(index, text)).toBe(record));
    expect(find(index, 'trip-unknown')).toBe(-1);
  });

  it('forgets removed entries, keeps finding the rest past them, and reuses their room', () => {
    const index = new RecordIndex();
    texts.forEach((text, record) => index.add(hashText(text), record));
    texts.forEach((text, record) => record % 2 === 0 && index.remove(hashText(text), record));
    expect(index.size).toBe(texts.length / 2);
    texts.forEach((text, record) => expect(find(index, text)).toBe(record % 2 === 0 ? -1 : record));
    // Removed and added over and over, as drops and fills do: the table stays usable and bounded.
    for (let round = 0; round < 5; round++) {
      texts.forEach((text, record) => record % 2 === 0 && index.add(hashText(text), record));
      texts.forEach((text, record) => record % 2 === 0 && index.remove(hashText(text), record));
    }
    texts.forEach((text, record) => expect(find(index, text)).toBe(record % 2 === 0 ? -1 : record));
  });
});
