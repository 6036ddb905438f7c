import { screen, waitFor } from '@testing-library/react';
import type { UssdSimulatorInput } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render';
import { dialledPhoneOf } from './ussd-simulator-page';

const SETUP = 'GET /api/dev/ussd';
const SCREEN = 'POST /api/dev/ussd/session';

/** The menu as the callback would answer each text. */
function menuOf(text: string) {
  if (text === '') return { kind: 'CON', screen: 'Freightlane. Sannu Rabiu, saka PIN ɗinka mai lambobi 4:' };
  if (text === '2580')
    return { kind: 'CON', screen: '1. Tafiyata\n2. Mataki na gaba\n3. Faɗi matsala\n4. Harshe\n0. Fita' };
  if (text === '2580*0') return { kind: 'END', screen: 'Sai an jima. A tuƙa lafiya.' };
  return { kind: 'END', screen: 'Wannan ba zaɓi ba ne a menu. Sake kira.' };
}

describe('the USSD simulator page', () => {
  it('plays a session: dial, each reply sent with the answers so far, until the session ends', async () => {
    const api = mockApi({
      [SETUP]: { body: { serviceCode: '*384*1234#', demoPhoneNumber: '+2348020002580' } },
      [SCREEN]: (request) => ({ body: menuOf((request.body as UssdSimulatorInput).text ?? '') }),
    });
    const { user } = renderRoute('/dev/ussd');
    expect(await screen.findByRole('heading', { name: 'USSD simulator' })).toBeVisible();
    expect(await screen.findByLabelText(/Phone number/)).toHaveValue('+2348020002580');
    expect(screen.getByText('Dial *384*1234# to start a session.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Dial *384*1234#' }));
    expect(await screen.findByText('Freightlane. Sannu Rabiu, saka PIN ɗinka mai lambobi 4:')).toBeVisible();
    await user.type(screen.getByLabelText('Reply'), '2580');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/1\. Tafiyata/)).toBeVisible();
    await user.type(screen.getByLabelText('Reply'), '0');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sai an jima. A tuƙa lafiya.')).toBeVisible();
    expect(screen.getByText('Session ended.')).toBeVisible();
    expect(screen.queryByLabelText('Reply')).toBeNull();

    const sent = api.calls(SCREEN).map((r) => r.body as UssdSimulatorInput);
    expect(sent.map((b) => b.text)).toEqual(['', '2580', '2580*0']);
    expect(new Set(sent.map((b) => b.sessionId)).size).toBe(1);
    expect(sent.every((b) => b.phoneNumber === '+2348020002580')).toBe(true);

    // Dialling again starts a new session.
    await user.click(screen.getByRole('button', { name: 'Dial *384*1234# again' }));
    await waitFor(() => expect(api.calls(SCREEN)).toHaveLength(4));
    expect((api.calls(SCREEN)[3]!.body as UssdSimulatorInput).sessionId).not.toBe(sent[0]!.sessionId);
  });

  it('cancels a session, and refuses a number that is not one', async () => {
    const api = mockApi({
      [SETUP]: { body: { serviceCode: '*384*1234#', demoPhoneNumber: '+2348020002580' } },
      [SCREEN]: (request) => ({ body: menuOf((request.body as UssdSimulatorInput).text ?? '') }),
    });
    const { user } = renderRoute('/dev/ussd');
    await user.click(await screen.findByRole('button', { name: 'Dial *384*1234#' }));
    await screen.findByLabelText('Reply');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Session cancelled.')).toBeVisible();

    const phone = screen.getByLabelText(/Phone number/);
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Dial *384*1234#' }));
    expect(await screen.findByText(/Enter a phone number such as/)).toBeVisible();
    expect(api.calls(SCREEN)).toHaveLength(1);
    expect(dialledPhoneOf('0802 000 2580')).toBe('+2348020002580');
    expect(dialledPhoneOf('+447700900123')).toBe('+447700900123');
  });

  it('says so when the simulator is not running on this server', async () => {
    mockApi({ [SETUP]: { status: 404, body: { message: 'No such API route: GET /api/dev/ussd' } } });
    renderRoute('/dev/ussd');
    expect(await screen.findByText('The USSD simulator is not running here')).toBeVisible();
  });
});
