import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { GHANA, profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';

configure({ asyncUtilTimeout: 5000 });

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
