import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { UNSUBSCRIBED_TEXT } from './unsubscribe-page';

const UNSUBSCRIBE = 'POST /api/v1/notifications/unsubscribe';
const TOKEN = 'eyJ1IjoiMSIsImsiOiJCSURfUkVDRUlWRUQifQ.c2lnbmF0dXJl';

/** A reply the test releases when it is ready, to see the page while it waits. */
function heldReply() {
  let release: (reply: MockReply) => void = () => {};
  const reply = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { reply: () => reply, release: (r: MockReply) => release(r) };
}

describe('the unsubscribe page', () => {
  it('sends the token first and shows the spec’s text only once the API has turned the e-mails off', async () => {
    const held = heldReply();
    const api = mockApi({ [UNSUBSCRIBE]: held.reply });
    renderRoute(`/unsubscribe?token=${TOKEN}`, { strict: true });

    // The page's own call is out: what says Loading... now is the page waiting, not its code arriving.
    await waitFor(() => expect(api.calls(UNSUBSCRIBE)).toHaveLength(1));
    expect(await screen.findByText('Loading...')).toBeVisible();
    expect(screen.queryByText(UNSUBSCRIBED_TEXT)).toBeNull();
    held.release({
      body: {
        kind: 'BID_RECEIVED',
        kindLabel: 'Bids received on your orders',
        message: 'You will no longer get e-mails about bids received on your orders.',
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBED_TEXT })).toBeVisible();
    expect(
      screen.getByText('You will no longer get e-mails about: Bids received on your orders.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change your notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.title).toBe('Unsubscribed · Freightlane');
    // Once, even in strict mode; the token is the credential, no session is sent.
    expect(api.calls(UNSUBSCRIBE)).toHaveLength(1);
    expect(api.calls(UNSUBSCRIBE)[0]?.body).toEqual({ token: TOKEN });
    expect(api.calls(UNSUBSCRIBE)[0]?.headers.authorization).toBeUndefined();
  });

  it('sends no session even when someone is signed in on the device', async () => {
    const api = mockApi({
      [UNSUBSCRIBE]: {
        body: {
          kind: 'BID_WON',
          kindLabel: 'Bids won',
          message: 'You will no longer get e-mails about bids won.',
        },
      },
    });
    seedSession('role_transporter');
    renderRoute(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText('You will no longer get e-mails about: Bids won.')).toBeVisible();
    expect(api.calls(UNSUBSCRIBE)[0]?.headers.authorization).toBeUndefined();
  });

  it('shows the server’s message and no success text for a bad or forged token', async () => {
    mockApi({
      [UNSUBSCRIBE]: { status: 400, body: { message: 'This unsubscribe link is not valid.' } },
    });
    renderRoute('/unsubscribe?token=forged');

    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeVisible();
    expect(screen.queryByText(UNSUBSCRIBED_TEXT)).toBeNull();
    expect(screen.queryByText(/You will no longer get e-mails/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    await waitFor(() => expect(document.title).toBe('Unsubscribe · Freightlane'));
  });

  it('shows the spec’s text without calling the API when the link has no token', async () => {
    const api = mockApi({});
    renderRoute('/unsubscribe');
    expect(await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBED_TEXT })).toBeVisible();
    expect(screen.queryByText(/You will no longer get e-mails/)).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
