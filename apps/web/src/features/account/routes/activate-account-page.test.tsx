import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render';

// The first render loads the page's lazy chunk, which can take a while on a busy machine.

const TOKEN = 'activation-token-0123456789';

describe('activation page', () => {
  it('activates once on load and offers Sign in', async () => {
    const api = mockApi({
      'POST /api/v1/user/enrolment/activate': {
        body: { status: 'Successful', message: 'Your account is activated.', data: { email: 'ada@eze.ng' } },
      },
    });
    // StrictMode runs effects twice, as in development: the single-use token is still sent once.
    renderRoute(`/activate/account/?token=${TOKEN}`, { strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
    expect(screen.getByText('Your account is activated.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(api.calls('POST /api/v1/user/enrolment/activate')).toHaveLength(1);
    expect(api.calls('POST /api/v1/user/enrolment/activate')[0]?.body).toEqual({ token: TOKEN });
    expect(document.title).toBe('Activate account · Freightlane');
  });

  it.each(['TOKEN_EXPIRED', 'TOKEN_USED', 'TOKEN_INVALID'])(
    'shows the message and a resend form for %s',
    async (code) => {
      const api = mockApi({
        'POST /api/v1/user/enrolment/activate': {
          status: 400,
          body: { message: `Link problem: ${code}`, code },
        },
        'POST /api/v1/user/enrolment/email/resend': {
          body: { message: 'If an account exists, a link is on its way.' },
        },
      });
      const { user } = renderRoute(`/activate/account/?token=${TOKEN}`);
      expect(await screen.findByText(`Link problem: ${code}`)).toBeVisible();
      await user.type(screen.getByLabelText('Email'), 'ada@eze.ng');
      await user.click(screen.getByRole('button', { name: 'Resend activation e-mail' }));
      expect(await screen.findByText('If an account exists, a link is on its way.')).toBeVisible();
      expect(api.calls('POST /api/v1/user/enrolment/email/resend')[0]?.body).toEqual({ email: 'ada@eze.ng' });
    },
  );

  it('explains a link without a token without calling the API', async () => {
    const api = mockApi({});
    renderRoute('/activate/account/');
    expect(await screen.findByText(/This activation link is incomplete/)).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });
});
