import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { customerCard, transporterCard } from '../../../test/scorecard-fixtures';
import {
  EKO_ID,
  INVITE,
  LEKKI_ID,
  ekoProfile,
  lekkiProfile,
  profilePath,
  scorecardPath,
} from '../test-fixtures';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('a company profile', () => {
  it("shows a customer a transporter's place, scorecard, fleet and every lane it served", async () => {
    pretendDesktop();
    const api = mockApi({
      [profilePath(EKO_ID)]: { body: ekoProfile() },
      [scorecardPath(EKO_ID)]: {
        body: transporterCard({ companyId: EKO_ID, companyName: 'Eko Haulage Ltd' }),
      },
    });
    seedSession('role_customer');
    renderRoute(`/companies/${EKO_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Eko Haulage Ltd' })).toBeVisible();
    expect(document.title).toBe('Eko Haulage Ltd · Freightlane');
    expect(screen.getByText('Transporter')).toBeVisible();
    expect(screen.getByText('Lagos · Verified since 12 Mar 2025')).toBeVisible();
    expect(screen.getByText('On Freightlane since 1 Feb 2025')).toBeVisible();
    expect(screen.getByText('Score 82/100')).toBeVisible();
    expect(screen.getByText('Preferred partner')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Find transporters' })).toHaveAttribute(
      'href',
      '/transporters',
    );

    expect(await within(section('Scorecard')).findByText('82 out of 100')).toBeVisible();
    expect(section('Fleet')).toHaveTextContent('3 active trucks2 × Container chassis 40 FT1 × Flatbed');
    expect(section('Lanes served')).toHaveTextContent(
      'Lagos → Kano12 tripsLagos → Oyo5 tripsOgun → Lagos1 trip',
    );
    expect(api.calls(scorecardPath(EKO_ID))).toHaveLength(1);
  });

  it('invites the transporter as a preferred partner from its profile', async () => {
    let preferred = false;
    const api = mockApi({
      [profilePath(EKO_ID)]: () => ({ body: ekoProfile({ isPreferredPartner: preferred }) }),
      [scorecardPath(EKO_ID)]: { body: transporterCard() },
      [INVITE]: () => {
        preferred = true;
        return {
          status: 201,
          body: {
            transporterCompanyId: EKO_ID,
            name: 'Eko Haulage Ltd',
            state: 'Lagos',
            addedAt: '2026-11-21T12:00:00.000Z',
          },
        };
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/companies/${EKO_ID}`);
    await user.click(
      await screen.findByRole('button', { name: 'Invite Eko Haulage Ltd as preferred partner' }),
    );
    expect(await screen.findByText('Eko Haulage Ltd is now one of your preferred partners.')).toBeVisible();
    expect(api.calls(INVITE)[0]?.body).toEqual({ transporterCompanyId: EKO_ID });
    await waitFor(() => expect(screen.getByText('Preferred partner')).toBeVisible());
    expect(screen.queryByRole('button', { name: /^Invite / })).toBeNull();
  });

  it("shows a transporter a customer's profile without fleet, lanes or invitation", async () => {
    mockApi({
      [profilePath(LEKKI_ID)]: { body: lekkiProfile() },
      [scorecardPath(LEKKI_ID)]: { body: customerCard({ companyId: LEKKI_ID }) },
    });
    seedSession('role_transporter');
    renderRoute(`/companies/${LEKKI_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lekki Importers Ltd' })).toBeVisible();
    expect(screen.getByText('Customer')).toBeVisible();
    expect(screen.getByText('Pays on time 90%')).toBeVisible();
    expect(await within(section('Scorecard')).findByText('92 out of 100')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Fleet' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lanes served' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Invite / })).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Find transporters' })).toBeNull();
  });

  it('says the company is not found when its profile is not open to the caller', async () => {
    const api = mockApi({
      [profilePath(LEKKI_ID)]: { status: 404, body: { message: 'Company not found' } },
    });
    seedSession('role_customer');
    renderRoute(`/companies/${LEKKI_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeVisible();
    expect(screen.getByText(/its profile is not open to your company/)).toBeVisible();
    expect(document.title).toBe('Company profile · Freightlane');
    expect(api.calls(scorecardPath(LEKKI_ID))).toHaveLength(0);
  });

  it('shows another failure with the server’s message and a way to try again', async () => {
    let fail = true;
    mockApi({
      [profilePath(EKO_ID)]: () =>
        fail ? { status: 503, body: { message: 'Profiles are resting' } } : { body: ekoProfile() },
      [scorecardPath(EKO_ID)]: { body: transporterCard() },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/companies/${EKO_ID}`);
    expect(await screen.findByText('Profiles are resting')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eko Haulage Ltd' })).toBeVisible();
  });
});
