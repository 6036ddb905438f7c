import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { customerCard, transporterCard } from '../../../test/scorecard-fixtures';
import { ScorecardLink } from './scorecard-dialog';
import { ScorecardView } from './scorecard-view';

function show(element: ReactNode) {
  seedSession('role_customer');
  return renderRoute('/card', { routes: [{ path: '/card', element }] });
}

/** A figure's row: its label, value and how it was worked out, found by its label. */
function figure(label: string) {
  return screen.getByText(label).closest('li')!;
}

describe('the scorecard', () => {
  it('lists a transporter’s figures, each with how it was worked out', async () => {
    show(<ScorecardView card={transporterCard()} />);
    expect(await screen.findByText('82 out of 100')).toBeVisible();
    expect(screen.getByText(/^On-time delivery counts 30/)).toBeVisible();
    expect(figure('On-time delivery')).toHaveTextContent(
      '75%15 of 20 delivered trips with an expected date, last 12 months',
    );
    expect(figure('On-time pickup')).toHaveTextContent('90%');
    expect(figure('Tracking coverage')).toHaveTextContent(
      '90%450 of 500 15-minute slots of loaded time with a truck position, last 12 months',
    );
    const issues = figure('Issues');
    expect(issues).toHaveTextContent('15 per 100 trips3 issues over 20 trips, last 12 months');
    expect(within(issues).getByText('Breakdown: 1')).toBeVisible();
    expect(within(issues).getByText('Checkpoint / police delay: 2')).toBeVisible();
    expect(figure('Cancelled after award')).toHaveTextContent('5%1 of 21 awarded trips, last 12 months');
    expect(figure('Proof of delivery within 24 hours')).toHaveTextContent('95%19 of 20 delivered trips');
    expect(figure('Rating')).toHaveTextContent('4.5 out of 56 ratings shown, all time');
    expect(figure('Completed trips')).toHaveTextContent('6 in the last 90 days, 20 in all');
  });

  it('lists a customer’s figures as a payer', async () => {
    show(<ScorecardView card={customerCard()} />);
    expect(await screen.findByText('92 out of 100')).toBeVisible();
    expect(figure('Paid by the due date')).toHaveTextContent('90%9 of 10 invoices due, last 12 months');
    expect(figure('Days to pay')).toHaveTextContent('9.5 days on average');
    expect(figure('Waiting at its sites')).toHaveTextContent('2.5 hours on average');
    expect(figure('Trips')).toHaveTextContent('4 in the last 90 days, 14 in all');
  });

  it('says a company with fewer than 5 completed trips is new, and what has nothing to count yet', async () => {
    const card = transporterCard({ score: null });
    card.figures = { ...card.figures, completedTripsAll: 3, onTimeDelivery: { count: 0, of: 0 } };
    show(<ScorecardView card={card} />);
    expect(await screen.findByText('New on Freightlane')).toBeVisible();
    expect(screen.getByText('A score is given after 5 completed trips.')).toBeVisible();
    expect(figure('On-time delivery')).toHaveTextContent('Nothing to count yet');
  });

  it('opens from the company’s name, loading the card', async () => {
    const api = mockApi({ 'GET /api/v1/companies/company-onne/scorecard': { body: transporterCard() } });
    const { user } = show(<ScorecardLink companyId="company-onne" companyName="Onne Express Logistics" />);
    await user.click(await screen.findByRole('button', { name: 'Onne Express Logistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scorecard: Onne Express Logistics' });
    expect(await within(dialog).findByText('82 out of 100')).toBeVisible();
    expect(api.calls('GET /api/v1/companies/company-onne/scorecard')).toHaveLength(1);
    expect(
      within(dialog).getByRole('link', { name: 'Open the profile of Onne Express Logistics' }),
    ).toHaveAttribute('href', '/companies/company-onne');
  });

  it('speaks Pidgin', async () => {
    show(
      <AppLanguageProvider initialLocale="pcm">
        <ScorecardView card={transporterCard()} />
      </AppLanguageProvider>,
    );
    expect(await screen.findByText('82 over 100')).toBeVisible();
    expect(figure('Deliver on time')).toHaveTextContent(
      '15 out of 20 trips wey dem deliver wey get expected date, last 12 months',
    );
  });
});
