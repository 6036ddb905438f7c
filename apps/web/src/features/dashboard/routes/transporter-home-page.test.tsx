import type { CompanyDocumentsValidation } from '@freightlane/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';

const DASHBOARD = 'GET /api/v1/dashboard/transporter';
const VALIDATION = 'GET /api/v1/company/documents/validate';

function validation(
  verificationStatus: CompanyDocumentsValidation['verificationStatus'],
): CompanyDocumentsValidation {
  return {
    verificationStatus,
    complete: verificationStatus === 'VERIFIED',
    missingDetails: verificationStatus === 'VERIFIED' ? [] : ['tin'],
    documents: [],
    missingDocuments: [],
    awaitingReview: [],
  };
}

describe('transporter home', () => {
  it('shows the four figures, each linking to its list', async () => {
    seedSession('role_transporter');
    mockApi({
      [DASHBOARD]: {
        body: {
          newBids: 12,
          monitoredBids: 3,
          bidsWonThisMonth: 1250,
          bidsWonSince: '2026-12-01',
          tripsNeedingResources: 0,
        },
      },
      [VALIDATION]: { body: validation('VERIFIED') },
    });
    renderRoute('/transporterhome');
    const main = await screen.findByRole('main');
    const newBids = await within(main).findByRole('link', { name: 'New bids: 12' });
    expect(newBids).toHaveAttribute('href', '/bids');
    expect(within(main).getByRole('link', { name: 'Monitored bids: 3' })).toHaveAttribute(
      'href',
      '/bids/monitored',
    );
    const won = within(main).getByRole('link', { name: 'Bids won this month: 1,250' });
    expect(won).toHaveAttribute('href', '/bids/won');
    // The figure counts orders won this month; the list it opens holds every trip ever won.
    expect(won).toHaveTextContent('Orders you won since 1 Dec 2026; the list shows every trip you won');
    expect(newBids).toHaveTextContent('Open orders you have not bid on yet');
    expect(within(main).getByRole('link', { name: 'Monitored bids: 3' })).toHaveTextContent(
      'Orders you watch that are still open',
    );
    const needing = within(main).getByRole('link', { name: 'Trips needing resources: 0' });
    expect(needing).toHaveAttribute('href', '/trips?tab=uncompleted');
    expect(needing).toHaveTextContent('Not finished and still without a truck or a driver');
    expect(screen.queryByText('Soon', { selector: 'main *' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Company verification' })).not.toBeInTheDocument();
  });

  it('keeps the verification checklist until the company is verified', async () => {
    seedSession('role_fleet_manager');
    mockApi({
      [DASHBOARD]: {
        body: {
          newBids: 0,
          monitoredBids: 0,
          bidsWonThisMonth: 0,
          bidsWonSince: '2026-12-01',
          tripsNeedingResources: 0,
        },
      },
      [VALIDATION]: { body: validation('UNVERIFIED') },
    });
    renderRoute('/transporterhome');
    expect(await screen.findByRole('heading', { name: 'Company verification' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New bids: 0' })).toBeVisible();
  });

  it("shows the server's message when the figures cannot load", async () => {
    seedSession('role_transporter');
    mockApi({
      [DASHBOARD]: { status: 500, body: { message: 'Figures are resting' } },
      [VALIDATION]: { body: validation('VERIFIED') },
    });
    renderRoute('/transporterhome');
    expect(await screen.findByText('Figures are resting')).toBeVisible();
    expect(screen.getByText('Could not load your figures')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
