import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';
import { ongoingTripsUrl, trackingUrl, tripShareMessage, whatsAppShareHref } from './share-links';

function stubClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

function stubExecCommand(result: boolean | Error) {
  const execCommand = vi.fn(() => {
    if (result instanceof Error) throw result;
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API when the browser allows it', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard({ writeText });
    const execCommand = stubExecCommand(true);

    await expect(copyText('https://freightlane.ng/tripprogress/abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://freightlane.ng/tripprogress/abc');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to copying a selection when there is no Clipboard API or it refuses', async () => {
    stubClipboard(undefined);
    let selected = '';
    const execCommand = stubExecCommand(true);
    execCommand.mockImplementation(() => {
      selected = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();

    await expect(copyText('link one')).resolves.toBe(true);
    expect(selected).toBe('link one');
    expect(execCommand).toHaveBeenCalledWith('copy');
    // The hidden text area is gone and the focus is back where it was.
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);

    stubClipboard({ writeText: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) });
    await expect(copyText('link two')).resolves.toBe(true);
    expect(selected).toBe('link two');
    button.remove();
  });

  it('answers false when nothing could copy', async () => {
    stubClipboard(undefined);
    stubExecCommand(false);
    await expect(copyText('x')).resolves.toBe(false);
    stubExecCommand(new Error('not supported'));
    await expect(copyText('x')).resolves.toBe(false);
  });
});

describe('the shared links', () => {
  it('builds the public URLs and a WhatsApp link carrying the whole message', () => {
    const url = trackingUrl('Qm9sYUFk-_1', 'https://freightlane.ng');
    expect(url).toBe('https://freightlane.ng/tripprogress/Qm9sYUFk-_1');
    expect(ongoingTripsUrl('T2thZm9y', 'https://freightlane.ng')).toBe(
      'https://freightlane.ng/ongoingtripprogress/T2thZm9y',
    );
    const message = tripShareMessage('TRP-2026-000123', url);
    expect(message).toBe(
      'Follow trip TRP-2026-000123 on Freightlane: https://freightlane.ng/tripprogress/Qm9sYUFk-_1',
    );
    const href = whatsAppShareHref(`${message}&more=1`);
    expect(href).toBe(
      'https://wa.me/?text=Follow%20trip%20TRP-2026-000123%20on%20Freightlane%3A%20https%3A%2F%2Ffreightlane.ng%2Ftripprogress%2FQm9sYUFk-_1%26more%3D1',
    );
    expect(new URL(href).searchParams.get('text')).toBe(`${message}&more=1`);
  });
});
