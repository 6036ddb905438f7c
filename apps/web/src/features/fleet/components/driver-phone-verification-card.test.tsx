import { screen, within } from '@testing-library/react';
import { phoneVerificationState, type PhoneVerificationState } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { driver, DRIVER_ID } from '../test-fixtures';

const DRIVER = `/api/v1/fleet/drivers/${DRIVER_ID}`;
const VERIFICATION = `/api/v1/fleet/drivers/${DRIVER_ID}/phone-verification`;

describe('a driver’s phone verification', () => {
  it('sends a code to the driver’s phone and verifies the number with the code read back', async () => {
    const number = driver().phoneNumber;
    let state: PhoneVerificationState = apiFixture(phoneVerificationState, {
      phoneNumber: number,
      verifiedAt: null,
      codeSentAt: null,
      codeExpiresAt: null,
      resendAt: null,
    });
    const api = mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${VERIFICATION}`]: () => ({ body: state }),
      [`POST ${VERIFICATION}`]: () => {
        state = {
          ...state,
          codeSentAt: new Date().toISOString(),
          resendAt: new Date(Date.now() + 60_000).toISOString(),
        };
        return { body: { status: 'Successful', message: 'We sent a 6-digit code.', data: state } };
      },
      [`POST ${VERIFICATION}/check`]: (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          const message = 'The code has expired; ask for a new one.';
          return { status: 400, body: { message, errors: [{ field: 'code', message }] } };
        }
        state = { ...state, verifiedAt: '2026-11-24T09:00:00.000Z', codeSentAt: null };
        return { body: { status: 'Successful', message: 'Verified.', data: state } };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/fleet/drivers/${DRIVER_ID}`);
    const card = within(await screen.findByRole('region', { name: 'Phone number' }));
    expect(await card.findByText('Not verified')).toBeVisible();
    await user.click(card.getByRole('button', { name: 'Verify' }));
    expect(card.getByText(/Ask Musa to read it to you/)).toBeVisible();
    await user.click(card.getByRole('button', { name: 'Send code' }));
    expect(api.calls(`POST ${VERIFICATION}`)).toHaveLength(1);

    const field = await card.findByRole('textbox', { name: '6-digit code' });
    expect(card.getByRole('button', { name: /^Send a new code in [01]:\d\d$/ })).toBeDisabled();
    await user.type(field, '654321');
    await user.click(card.getByRole('button', { name: 'Check code' }));
    expect(await card.findByText('The code has expired; ask for a new one.')).toBeVisible();

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(card.getByRole('button', { name: 'Check code' }));
    expect(await card.findByText('Verified')).toBeVisible();
    expect(card.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});
