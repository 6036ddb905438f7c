import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import type { TestRole } from '../../../test/fakes';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { WaitingTermsCard } from './waiting-terms-card';

const TERMS = '/api/v1/company/waiting-terms';
type Route = MockReply | ((request: RecordedRequest) => MockReply);

/** The card alone, as the company page shows it. */
function renderCard(routes: Record<string, Route>) {
  const api = mockApi(routes);
  seedSession('role_transporter', 'Musa');
  return { api, ...renderRoute('/', { routes: [{ path: '/', element: <WaitingTermsCard /> }] }) };
}

function companyPageAs(role: TestRole) {
  const userType = role === 'role_customer' ? 'CUSTOMER' : 'TRANSPORTER';
  const api = mockApi({
    'GET /api/v1/user/me': {
      body: { status: 'Successful', data: profileFixture({ role, userType }, { type: userType }) },
    },
    'GET /api/v1/company/documents/validate': {
      body: {
        verificationStatus: 'UNVERIFIED',
        complete: false,
        missingDetails: [],
        documents: [],
        missingDocuments: [],
        awaitingReview: [],
      },
    },
    'GET /api/v1/company/documents': { body: [] },
    [`GET ${TERMS}`]: { body: { freeHours: 12, rateKoboPerHour: null } },
  });
  seedSession(role, 'Musa');
  renderRoute('/company');
  return api;
}

describe('the waiting terms', () => {
  it('are on a transporter’s company page', async () => {
    companyPageAs('role_transporter');
    const card = await screen.findByRole('region', { name: 'Waiting time' });
    expect(await within(card).findByLabelText(/Free hours per stop/)).toHaveValue('12');
  });

  it('are not on a customer’s company page', async () => {
    const api = companyPageAs('role_customer');
    await screen.findByRole('heading', { name: 'Verification documents' });
    await waitFor(() => expect(api.calls('GET /api/v1/company/documents')).not.toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'Waiting time' })).toBeNull();
    expect(api.calls(`GET ${TERMS}`)).toHaveLength(0);
  });

  it('show the saved terms with the rate in naira, and save them in kobo', async () => {
    const { api, user } = renderCard({
      [`GET ${TERMS}`]: { body: { freeHours: 12, rateKoboPerHour: 500_000 } },
      [`PUT ${TERMS}`]: (request) => ({ body: request.body }),
    });
    const hours = await screen.findByLabelText(/Free hours per stop/);
    const rate = screen.getByLabelText(/Rate per started hour/);
    expect(hours).toHaveValue('12');
    expect(rate).toHaveValue('5000.00');

    await user.clear(hours);
    await user.type(hours, '8');
    await user.clear(rate);
    await user.type(rate, '7,500');
    await user.click(screen.getByRole('button', { name: 'Save waiting terms' }));
    expect(
      await screen.findByText('Your waiting terms are saved. They apply to waits from now on.'),
    ).toBeVisible();
    expect(api.calls(`PUT ${TERMS}`)[0]!.body).toEqual({ freeHours: 8, rateKoboPerHour: 750_000 });
    expect(rate).toHaveValue('7500.00');
  });

  it('send no rate when it is left empty: waiting is not charged', async () => {
    const { api, user } = renderCard({
      [`GET ${TERMS}`]: { body: { freeHours: 12, rateKoboPerHour: 500_000 } },
      [`PUT ${TERMS}`]: (request) => ({ body: request.body }),
    });
    await user.clear(await screen.findByLabelText(/Rate per started hour/));
    await user.click(screen.getByRole('button', { name: 'Save waiting terms' }));
    expect(await screen.findByText('Your waiting terms are saved. Waiting is not charged.')).toBeVisible();
    expect(api.calls(`PUT ${TERMS}`)[0]!.body).toEqual({ freeHours: 12, rateKoboPerHour: null });
  });

  it('check the hours and the rate before sending, and show the server’s refusal under its field', async () => {
    const { api, user } = renderCard({
      [`GET ${TERMS}`]: { body: { freeHours: 12, rateKoboPerHour: null } },
      [`PUT ${TERMS}`]: {
        status: 400,
        body: {
          message: 'Validation failed',
          errors: [{ field: 'rateKoboPerHour', message: 'The amount is too large' }],
        },
      },
    });
    const hours = await screen.findByLabelText(/Free hours per stop/);
    const rate = screen.getByLabelText(/Rate per started hour/);
    await user.clear(hours);
    await user.type(hours, '200');
    await user.type(rate, 'five thousand');
    await user.click(screen.getByRole('button', { name: 'Save waiting terms' }));
    expect(await screen.findByText('Free hours must be at most 168')).toBeVisible();
    expect(screen.getByText('Enter the rate in naira, e.g. 5000, or leave it empty')).toBeVisible();
    expect(api.calls(`PUT ${TERMS}`)).toHaveLength(0);

    await user.clear(hours);
    await user.type(hours, '12');
    await user.clear(rate);
    await user.type(rate, '5000');
    await user.click(screen.getByRole('button', { name: 'Save waiting terms' }));
    expect(await screen.findByText('The amount is too large')).toBeVisible();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
  });

  it('show a failure to load with the server’s message', async () => {
    renderCard({ [`GET ${TERMS}`]: { status: 503, body: { message: 'Company settings are unavailable' } } });
    expect(await screen.findByText('Company settings are unavailable')).toBeVisible();
    expect(screen.getByText('Could not load the waiting terms')).toBeVisible();
  });
});
