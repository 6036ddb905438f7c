import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PHONE_FORMAT_MESSAGE } from '../../../lib/phone-input';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { GHANA, profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { typedDayFirst } from '../../../test/typed-date';
import { daysFromToday, driver, DRIVER_ID } from '../test-fixtures';
import { fillAddress, next, stageHeading } from '../wizard-test-kit';

const CREATE = 'POST /api/v1/fleet/drivers';

function mockDriverApi(reply: MockReply) {
  return mockApi({ [CREATE]: reply, [`GET /api/v1/fleet/drivers/${DRIVER_ID}`]: { body: driver() } });
}

const ADDRESS = {
  street: '12 Oba Akran Avenue',
  neighborhood: '',
  lga: 'Ikeja',
  city: 'Ikeja',
  state: 'Lagos',
};

describe('the driver wizard', { timeout: 60_000 }, () => {
  it('walks details, licence, next of kin and guarantor, then posts the whole driver', async () => {
    const api = mockDriverApi({ status: 201, body: driver() });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/fleet/drivers/new');

    expect(await stageHeading('Details')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Step 4: Guarantor' })).toBeInTheDocument();
    await next(user);
    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByText('Phone number is required')).toBeVisible();
    expect(screen.getByText('Choose one of the 36 states or FCT')).toBeVisible();

    await user.type(screen.getByLabelText(/^First name/), 'Musa');
    await user.type(screen.getByLabelText(/^Last name/), 'Ibrahim');
    await user.type(screen.getByLabelText(/^Phone number/), '0803 123 4567');
    // The language the driver reads the SMS and the USSD menu in: English (Nigeria) until chosen.
    const language = screen.getByRole('textbox', { name: /^Language/ });
    expect(language).toHaveValue('English (Nigeria)');
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Hausa' }));
    await fillAddress(user, ADDRESS);
    await next(user);

    expect(await stageHeading('Licence')).toBeVisible();
    await user.type(screen.getByLabelText(/^Licence number/), '12345');
    await next(user);
    expect(await screen.findByText(/Enter the licence number as 3 letters/)).toBeVisible();
    await user.clear(screen.getByLabelText(/^Licence number/));
    await user.type(screen.getByLabelText(/^Licence number/), 'lag-12345-aa01');
    const expiry = daysFromToday(400);
    await user.type(screen.getByLabelText(/^Licence expires on/), typedDayFirst(expiry));
    await next(user);

    expect(await stageHeading('Next of kin')).toBeVisible();
    await user.type(screen.getByLabelText(/^Next of kin name/), 'Adaeze Okafor');
    await user.type(screen.getByLabelText(/^Relationship/), 'Sister');
    await user.type(screen.getByLabelText(/^Next of kin phone number/), '805111222');
    await next(user);
    expect(await screen.findByText(PHONE_FORMAT_MESSAGE)).toBeVisible();
    await user.type(screen.getByLabelText(/^Next of kin phone number/), '2');
    await next(user);

    expect(await stageHeading('Guarantor')).toBeVisible();
    await user.type(screen.getByLabelText(/^Guarantor name/), 'Chief Emeka Nwosu');
    await user.type(screen.getByLabelText(/^Guarantor phone number/), '+234 806 333 4444');
    await fillAddress(user, ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Add driver' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleet/drivers/${DRIVER_ID}`));
    expect(api.calls(CREATE)[0]!.body).toEqual({
      firstName: 'Musa',
      lastName: 'Ibrahim',
      phoneNumber: '+2348031234567',
      language: 'ha',
      address: ADDRESS,
      licenceNumber: 'LAG12345AA01',
      licenceExpiresOn: expiry,
      nextOfKin: { name: 'Adaeze Okafor', relationship: 'Sister', phoneNumber: '+2348051112222' },
      guarantor: { name: 'Chief Emeka Nwosu', phoneNumber: '+2348063334444', address: ADDRESS },
    });
    expect(await screen.findByText('Musa Ibrahim is in your fleet. Add their photo below.')).toBeVisible();
    // The driver's page offers the photo upload at once.
    expect(await screen.findByRole('button', { name: 'Upload a photo' })).toBeVisible();
  });

  it("shows the phone code of the signed-in person's country on every phone field", async () => {
    mockApi({
      'GET /api/v1/user/me': {
        body: { status: 'Successful', data: profileFixture({}, { verificationStatus: 'VERIFIED' }, GHANA) },
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute('/fleet/drivers/new');
    await stageHeading('Details');
    const phone = screen.getByLabelText(/^Phone number/);
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription('The 10 digits after +233, or 11 digits starting with 0'),
    );
    expect(within(phone.closest<HTMLElement>('.mantine-InputWrapper-root')!).getByText('+233')).toBeVisible();
    await user.type(screen.getByLabelText(/^First name/), 'Musa');
    await user.type(screen.getByLabelText(/^Last name/), 'Ibrahim');
    await user.type(phone, '8031234567');
    await fillAddress(user, ADDRESS);
    await next(user);
    await user.type(await screen.findByLabelText(/^Licence number/), 'LAG12345AA01');
    await user.type(screen.getByLabelText(/^Licence expires on/), typedDayFirst(daysFromToday(400)));
    await next(user);
    await stageHeading('Next of kin');
    expect(screen.getByLabelText(/^Next of kin phone number/)).toHaveAccessibleDescription(
      'The 10 digits after +233, or 11 digits starting with 0',
    );
  });

  it('sends a refused next-of-kin phone back to its stage, keeping the other stages', async () => {
    mockDriverApi({
      status: 400,
      body: {
        message: 'Check the highlighted fields',
        errors: [
          { field: 'nextOfKin.phoneNumber', message: 'The next of kin cannot have the driver’s number' },
        ],
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute('/fleet/drivers/new');
    await stageHeading('Details');
    await user.type(screen.getByLabelText(/^First name/), 'Musa');
    await user.type(screen.getByLabelText(/^Last name/), 'Ibrahim');
    await user.type(screen.getByLabelText(/^Phone number/), '8031234567');
    await fillAddress(user, ADDRESS);
    await next(user);
    await stageHeading('Licence');
    await user.type(screen.getByLabelText(/^Licence number/), 'LAG12345AA01');
    await user.type(screen.getByLabelText(/^Licence expires on/), typedDayFirst(daysFromToday(400)));
    await next(user);
    await stageHeading('Next of kin');
    await user.type(screen.getByLabelText(/^Next of kin name/), 'Adaeze Okafor');
    await user.type(screen.getByLabelText(/^Relationship/), 'Sister');
    await user.type(screen.getByLabelText(/^Next of kin phone number/), '8031234567');
    await next(user);
    await stageHeading('Guarantor');
    await user.type(screen.getByLabelText(/^Guarantor name/), 'Chief Emeka Nwosu');
    await user.type(screen.getByLabelText(/^Guarantor phone number/), '8063334444');
    await fillAddress(user, ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Add driver' }));

    expect(await stageHeading('Next of kin')).toBeVisible();
    const phone = screen.getByLabelText(/^Next of kin phone number/);
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(/The next of kin cannot have the driver’s number/),
    );
    expect(phone).toHaveValue('8031234567');
    expect(screen.getByLabelText(/^Next of kin name/)).toHaveValue('Adaeze Okafor');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stageHeading('Licence')).toBeVisible();
    expect(screen.getByLabelText(/^Licence number/)).toHaveValue('LAG12345AA01');
  });
});
