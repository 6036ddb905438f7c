import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { GHANA, profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';

/** A profile whose country is not Nigeria, so a phone code written into the web app would show. */
const GHANA_PROFILE = profileFixture(
  { email: 'kofi@tema-haulage.com', firstName: 'Kofi', lastName: 'Mensah' },
  { name: 'Tema Haulage Ltd' },
  GHANA,
);

describe('the profile page', () => {
  it("shows the phone code of the person's country, from GET /user/me", async () => {
    seedSession('role_transporter', 'Kofi');
    mockApi({ 'GET /api/v1/user/me': { body: { status: 'Successful', data: GHANA_PROFILE } } });
    renderRoute('/profile');
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveAccessibleDescription('The 10 digits after +233, or 11 digits starting with 0');
    const field = phone.closest<HTMLElement>('.mantine-InputWrapper-root')!;
    expect(within(field).getByText('+233')).toBeInTheDocument();
    expect(within(field).queryByText('+234')).toBeNull();
  });
});

describe('the phone number section of the profile page', () => {
  const PHONE_CHECK = 'POST /api/v1/user/enrolment/phone/check';
  const NUMBER = '+2348031234567';
  const state = (verifiedAt: string | null) => ({
    phoneNumber: NUMBER,
    verifiedAt,
    codeSentAt: verifiedAt ? null : '2026-11-21T10:00:00.000Z',
    codeExpiresAt: verifiedAt ? null : '2026-11-21T10:10:00.000Z',
    resendAt: null,
  });

  /** The profile API with the phone check answering as `check` says; the profile turns verified once it is. */
  function phoneApi(check: (body: { code?: string; send?: boolean }) => { status?: number; body: unknown }) {
    let verifiedAt: string | null = null;
    return mockApi({
      'GET /api/v1/user/me': () => ({
        body: {
          status: 'Successful',
          data: profileFixture({ phoneNumber: NUMBER, phoneVerifiedAt: verifiedAt }),
        },
      }),
      [PHONE_CHECK]: (request) => {
        const reply = check(request.body as { code?: string; send?: boolean });
        if ((reply.status ?? 200) === 200 && (request.body as { code?: string }).code) {
          verifiedAt = '2026-11-21T10:05:00.000Z';
        }
        return reply;
      },
    });
  }

  async function openPhoneSection() {
    seedSession('role_transporter', 'Musa');
    const view = renderRoute('/profile');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Phone number' });
    return { ...view, card: heading.closest<HTMLElement>('.mantine-Card-root')! };
  }

  it('shows a verified number as Verified, with no Verify button', async () => {
    mockApi({
      'GET /api/v1/user/me': {
        body: { status: 'Successful', data: profileFixture({ phoneVerifiedAt: '2026-11-20T09:00:00.000Z' }) },
      },
    });
    const { card } = await openPhoneSection();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).queryByText('Not verified')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('sends a code, shows the API’s answer to a wrong code under the field, and turns Verified with the right one', async () => {
    const api = phoneApi((body) => {
      if (body.send) {
        return {
          body: {
            status: 'Successful',
            message: 'We sent a 6-digit code to 0803 123 4567. It expires in 10 minutes.',
            data: { ...state(null), resendAt: new Date(Date.now() + 60_000).toISOString() },
          },
        };
      }
      if (body.code !== '482913') {
        const message = 'The code is wrong; 4 tries left.';
        return { status: 400, body: { message, errors: [{ field: 'code', message }] } };
      }
      return {
        body: {
          status: 'Successful',
          message: 'Your phone number is verified.',
          data: state('2026-11-21T10:05:00.000Z'),
        },
      };
    });
    const { user, card } = await openPhoneSection();
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Verify' }));
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(api.calls(PHONE_CHECK)[0]!.body).toEqual({ phoneNumber: NUMBER, send: true });
    expect(api.calls(PHONE_CHECK)[0]!.headers.authorization).toMatch(/^Bearer /);

    // A new code only once the minute is over: the button counts down.
    const resend = await within(card).findByRole('button', { name: /^Send a new code in [01]:\d\d$/ });
    expect(resend).toBeDisabled();

    const field = within(card).getByRole('textbox', { name: '6-digit code' });
    await user.type(field, '111111');
    await user.click(within(card).getByRole('button', { name: 'Check code' }));
    expect(await within(card).findByText('The code is wrong; 4 tries left.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '482913');
    await user.click(within(card).getByRole('button', { name: 'Check code' }));
    expect(await within(card).findByText('Verified')).toBeInTheDocument();
    expect(api.calls(PHONE_CHECK).at(-1)!.body).toEqual({ phoneNumber: NUMBER, code: '482913' });
    expect(within(card).queryByRole('textbox', { name: '6-digit code' })).toBeNull();
  });

  it('shows a refusal to send, such as the hourly cap, above the form and keeps the code field for a code sent earlier', async () => {
    phoneApi(() => ({
      status: 429,
      body: { message: '5 codes went to this number in the last hour. Ask again in 37 minutes.' },
    }));
    const { user, card } = await openPhoneSection();
    await user.click(within(card).getByRole('button', { name: 'Verify' }));
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      '5 codes went to this number in the last hour. Ask again in 37 minutes.',
    );
    // A code sent earlier may still be open: its field is there to type it in.
    expect(within(card).getByRole('textbox', { name: '6-digit code' })).toBeInTheDocument();
  });

  it('saves the language chosen among the five, named as LOCALE_NAMES names them', async () => {
    const api = mockApi({
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture() } },
      'PUT /api/v1/user/me': (request) => ({
        body: { status: 'Successful', data: profileFixture(request.body as Record<string, string>) },
      }),
    });
    seedSession('role_transporter', 'Musa');
    const { user } = renderRoute('/profile');
    const language = await screen.findByRole('textbox', { name: 'Language' });
    expect(language).toHaveValue('English');
    await user.click(language);
    for (const name of ['English', 'Pidgin', 'Hausa', 'Yorùbá', 'Igbo']) {
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('option', { name: 'Hausa' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/user/me')).toHaveLength(1));
    expect(api.calls('PUT /api/v1/user/me')[0]!.body).toMatchObject({ language: 'ha' });
  });

  it('says the app is shown in the chosen language, and shows the page in Pidgin once Pidgin is saved', async () => {
    let profile = profileFixture();
    mockApi({
      'GET /api/v1/user/me': () => ({ body: { status: 'Successful', data: profile } }),
      'PUT /api/v1/user/me': (request) => {
        profile = profileFixture(request.body as Record<string, string>);
        return { body: { status: 'Successful', data: profile } };
      },
    });
    seedSession('role_transporter', 'Musa');
    const { user } = renderRoute('/profile');
    const language = await screen.findByRole('textbox', { name: 'Language' });
    expect(language).toHaveAccessibleDescription(
      'Freightlane shows the app in this language where the app has it (English and Pidgin), and sends your text, WhatsApp and e-mail messages in it.',
    );
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Pidgin' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The saved profile's language is the app's: the page turns to Pidgin without a reload.
    expect(await screen.findByRole('heading', { level: 2, name: 'Change your details' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Language' })).toHaveAccessibleDescription(
      'Freightlane go show the app for this language if the app get am (English an Pidgin), and e go send your text, WhatsApp and e-mail messages for this language.',
    );
    expect(document.documentElement.lang).toBe('pcm');
  });
});
