import { describe, expect, it } from 'vitest';
import { fileProblem, type FileRule } from './upload-file';

const DOCUMENT: FileRule = {
  mimeTypes: ['application/pdf', 'image/jpeg'],
  extensions: ['.pdf', '.jpg'],
  maxBytes: 2 * 1024 * 1024,
  kinds: 'a PDF or JPEG file',
  noun: 'file',
};

function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('fileProblem', () => {
  it('accepts a file of an allowed type within the size', () => {
    expect(fileProblem(fileOf('waybill.pdf', 'application/pdf', 1024), DOCUMENT)).toBeNull();
  });

  it('goes by the name only when the browser gives no type', () => {
    expect(fileProblem(fileOf('WAYBILL.PDF', '', 1024), DOCUMENT)).toBeNull();
    expect(fileProblem(fileOf('waybill.docx', '', 1024), DOCUMENT)).toBe('Choose a PDF or JPEG file.');
    expect(fileProblem(fileOf('photo.jpg', '', 1024), { ...DOCUMENT, extensions: undefined })).toBe(
      'Choose a PDF or JPEG file.',
    );
  });

  it('refuses another type, an empty file and a file over the size, in the words of the rule', () => {
    expect(fileProblem(fileOf('sheet.xlsx', 'application/vnd.ms-excel', 1024), DOCUMENT)).toBe(
      'Choose a PDF or JPEG file.',
    );
    expect(fileProblem(fileOf('empty.pdf', 'application/pdf', 0), { ...DOCUMENT, noun: 'photo' })).toBe(
      'This file is empty. Choose the photo again.',
    );
    expect(fileProblem(fileOf('big.pdf', 'application/pdf', 2 * 1024 * 1024 + 1), DOCUMENT)).toBe(
      'The file must be at most 2 MB.',
    );
  });
});
