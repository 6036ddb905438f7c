import { screen, waitFor } from '@testing-library/react';
import { COUNTRY_NIGERIA } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { PHONE_FORMAT_MESSAGE } from '../../../lib/phone-input';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render';
import { SignUpPage } from '../routes/sign-up-page';

const TERMS_CHECKBOX = 'I agree to the Terms and Conditions';
const PHONE_TAKEN_MESSAGE = 'This phone number is already registered. Sign in, or use another number.';

async function renderSignUp() {
  const view = renderRoute('/signup');
  await screen.findByRole('heading', { level: 1, name: 'Create your Freightlane account' });
  return view;
}

describe('sign-up form', () => {
  it('shows the domain messages under each field when submitted empty, and sends nothing', async () => {
    const api = mockApi({});
    const { user } = await renderSignUp();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByText('Last name is required')).toBeVisible();
    expect(screen.getByText('Company name must be at least 2 characters')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Phone number is required')).toBeVisible();
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(screen.getByText('You must accept the terms and conditions')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('shows the phone code of the country accounts are opened in, asking no signed-in profile', async () => {
    const api = mockApi({});
    await renderSignUp();
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAccessibleDescription(
      `The 10 digits after ${COUNTRY_NIGERIA.phoneCode}, or 11 digits starting with 0`,
    );
    expect(api.calls('GET /api/v1/user/me')).toHaveLength(0);
  });

  it('checks the e-mail pattern, the phone digits and common passwords', async () => {
    mockApi({});
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Phone number'), '80312');
    await user.type(screen.getByLabelText('Password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByText(PHONE_FORMAT_MESSAGE)).toBeVisible();
    expect(screen.getByText('This password is too common; choose another one')).toBeVisible();
  });

  it('validates a field when it loses focus, and again as the person corrects it', async () => {
    mockApi({});
    const { user } = await renderSignUp();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    await user.clear(email);
    await user.type(email, 'ada@okafor.ng');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address')).toBeNull());
  });

  it('sends the payload with an E.164 phone and shows the check-your-e-mail state', async () => {
    const api = mockApi({
      'POST /api/v1/user/enrolment/phone/check': { body: { phoneNumber: '+2348031234567', available: true } },
      'POST /api/v1/user': {
        status: 201,
        body: {
          status: 'Successful',
          message: 'Account created',
          data: { email: 'musa@kano-haulage.ng', userType: 'TRANSPORTER' },
        },
      },
      'POST /api/v1/user/enrolment/email/resend': {
        body: { message: 'We have sent a new activation link.' },
      },
    });
    const { user } = await renderSignUp();
    await user.click(screen.getByRole('radio', { name: 'Transporter' }));
    await user.type(screen.getByLabelText('First name'), 'Musa');
    await user.type(screen.getByLabelText('Last name'), 'Bello');
    await user.type(screen.getByLabelText('Company name'), 'Kano Haulage Ltd');
    await user.type(screen.getByLabelText('Email'), 'Musa@Kano-Haulage.ng');
    await user.type(screen.getByLabelText('Phone number'), '0803 123 4567');
    await user.type(screen.getByLabelText('Password'), 'Trucks-on-the-Lagos-road');
    await user.click(screen.getByRole('checkbox', { name: TERMS_CHECKBOX }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    expect(screen.getByText('musa@kano-haulage.ng')).toBeVisible();
    // The API answers a registered address as it answers a new one, so the page claims no new account.
    expect(screen.queryByText(/account is created/i)).toBeNull();
    expect(api.calls('POST /api/v1/user')[0]?.body).toEqual({
      type: 'TRANSPORTER',
      firstName: 'Musa',
      lastName: 'Bello',
      companyName: 'Kano Haulage Ltd',
      email: 'musa@kano-haulage.ng',
      phoneNumber: '+2348031234567',
      password: 'Trucks-on-the-Lagos-road',
      acceptTerms: true,
    });

    await user.click(screen.getByRole('button', { name: 'Resend activation e-mail' }));
    expect(await screen.findByText('We have sent a new activation link.')).toBeVisible();
    expect(api.calls('POST /api/v1/user/enrolment/email/resend')[0]?.body).toEqual({
      email: 'musa@kano-haulage.ng',
    });
  });

  it('says early, on leaving the phone field, that the number is taken, and blocks sending', async () => {
    const api = mockApi({
      'POST /api/v1/user/enrolment/phone/check': {
        body: { phoneNumber: '+2348031234567', available: false },
      },
    });
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('Phone number'), '8031234567');
    await user.tab();
    expect(await screen.findByText(PHONE_TAKEN_MESSAGE)).toBeVisible();
    expect(api.calls('POST /api/v1/user/enrolment/phone/check')[0]?.body).toEqual({
      phoneNumber: '+2348031234567',
    });

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Eze');
    await user.type(screen.getByLabelText('Company name'), 'Eze Foods');
    await user.type(screen.getByLabelText('Email'), 'ada@ezefoods.ng');
    await user.type(screen.getByLabelText('Password'), 'Palm-oil-from-Aba');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText(PHONE_TAKEN_MESSAGE)).toBeVisible();
    expect(api.calls('POST /api/v1/user')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '8099990000');
    await waitFor(() => expect(screen.queryByText(PHONE_TAKEN_MESSAGE)).toBeNull());
  });

  it("shows the server's message under the phone field when sign-up finds the number taken", async () => {
    mockApi({
      'POST /api/v1/user/enrolment/phone/check': { body: { phoneNumber: '+2348031234567', available: true } },
      'POST /api/v1/user': {
        status: 409,
        body: {
          message: 'This phone number is already registered to another account.',
          errors: [
            { field: 'phoneNumber', message: 'This phone number is already registered to another account.' },
          ],
        },
      },
    });
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Eze');
    await user.type(screen.getByLabelText('Company name'), 'Eze Foods');
    await user.type(screen.getByLabelText('Email'), 'ada@ezefoods.ng');
    await user.type(screen.getByLabelText('Phone number'), '8031234567');
    await user.type(screen.getByLabelText('Password'), 'Palm-oil-from-Aba');
    await user.click(screen.getByRole('checkbox', { name: TERMS_CHECKBOX }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Already registered')).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your Freightlane account' })).toBeVisible();
  });

  it('links to the terms in a new tab from the consent checkbox, and hints the password rules', async () => {
    await renderSignUp();
    const link = screen.getByRole('link', { name: 'Terms and Conditions' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('checkbox', { name: TERMS_CHECKBOX })).not.toBeChecked();
    expect(screen.getByText('8 to 128 characters, not a common password.')).toBeVisible();
  });

  it('sends nothing until the terms are accepted, and clears the message once they are', async () => {
    const api = mockApi({
      'POST /api/v1/user/enrolment/phone/check': { body: { phoneNumber: '+2348031234567', available: true } },
    });
    const { user } = await renderSignUp();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Eze');
    await user.type(screen.getByLabelText('Company name'), 'Eze Foods');
    await user.type(screen.getByLabelText('Email'), 'ada@ezefoods.ng');
    await user.type(screen.getByLabelText('Phone number'), '8031234567');
    await user.type(screen.getByLabelText('Password'), 'Palm-oil-from-Aba');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeVisible();
    expect(api.calls('POST /api/v1/user')).toHaveLength(0);

    // By keyboard: Space ticks the focused checkbox.
    screen.getByRole('checkbox', { name: TERMS_CHECKBOX }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.queryByText('You must accept the terms and conditions')).toBeNull());
  });

  it('speaks Pidgin in an app shown in Pidgin, the terms link inside its sentence', async () => {
    mockApi({});
    const element = (
      <AppLanguageProvider initialLocale="pcm">
        <SignUpPage />
      </AppLanguageProvider>
    );
    renderRoute('/signup', { routes: [{ path: '/signup', element }] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open your Freightlane account' }),
    ).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'I gree with the Terms and Conditions' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    expect(
      screen.getByText('You get cargo to move: you go order haulage and follow your trips.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });
});
