import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../lib/paths';
import { companyDocumentsValidation } from '@freightlane/domain';
import { apiFixture } from '../test/api-fixture';
import { profileFixture } from '../test/profile-fixture';
import { mockApi } from '../test/api-mock';
import { fakeMediaQueryList, sessionValuesFor } from '../test/fakes';
import { renderRoute, seedSession } from '../test/render';
import { routes as appRoutes } from './routes';

const profile = profileFixture(
  {
    email: 'adaeze@okafor-imports.ng',
    firstName: 'Adaeze',
    lastName: 'Okafor',
    userType: 'CUSTOMER',
    role: 'role_customer',
  },
  { name: 'Okafor Imports Ltd', type: 'CUSTOMER' },
);

const validation = apiFixture(companyDocumentsValidation, {
  verificationStatus: 'UNVERIFIED',
  complete: false,
  missingDetails: ['cacRegistrationNumber', 'tin'],
  documents: [{ type: 'CAC_CERTIFICATE', label: 'CAC certificate', status: 'MISSING' }],
  missingDocuments: ['CAC_CERTIFICATE'],
  awaitingReview: [],
});

function mockSignedInApi() {
  return mockApi({
    'GET /api/v1/user/me': { body: { status: 'Successful', data: profile } },
    'GET /api/v1/company/documents/validate': { body: validation },
    'POST /api/v1/auth/logout': { body: { message: 'Signed out' } },
    'GET /api/v1/dashboard/customer': {
      body: {
        ongoingTrips: 1,
        completedTrips: 0,
        uncompletedTrips: 2,
        pendingPaymentsKobo: 0,
        pendingInvoiceCount: 0,
        ordersAwaitingAward: [],
      },
    },
  });
}

async function expectPath(router: { state: { location: { pathname: string } } }, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('signed-in pages need a signed-in state', () => {
  it.each(['/home', '/transporterhome', '/admin', '/profile', '/company'])(
    'sends a signed-out visitor from %s to /signin',
    async (path) => {
      const { router } = renderRoute(path);
      await expectPath(router, '/signin');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Freightlane' })).toBeVisible();
    },
  );

  it('treats a session whose refresh token has expired as signed out', async () => {
    const values = sessionValuesFor('role_customer', { refreshTtl: -1, nowS: Math.floor(Date.now() / 1000) });
    for (const [key, value] of Object.entries(values)) window.sessionStorage.setItem(key, value);
    const { router } = renderRoute('/home');
    await expectPath(router, '/signin');
    expect(window.sessionStorage.getItem('refreshToken')).toBeNull();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeVisible();
  });

  it('restores the session from localStorage in a new tab', async () => {
    mockSignedInApi();
    const values = sessionValuesFor('role_customer', { nowS: Math.floor(Date.now() / 1000) });
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    const { router } = renderRoute('/home');
    expect(await screen.findByRole('heading', { level: 1, name: /Adaeze/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home');
    expect(window.sessionStorage.getItem('accessToken')).toBe(values.accessToken);
  });
});

describe('signed-in users are sent to their home', () => {
  it.each([
    ['/', '/home'],
    ['/signup', '/home'],
    ['/signin', '/home'],
    ['/reset/password?token=abcdefghijklmnopqrstuvwxyz', '/home'],
  ])('a customer opening %s goes to %s', async (path, home) => {
    mockSignedInApi();
    seedSession('role_customer');
    const { router } = renderRoute(path);
    await expectPath(router, home);
  });

  it.each([
    ['role_transporter', '/home', '/transporterhome'],
    ['role_fleet_manager', '/admin', '/transporterhome'],
    ['role_admin', '/transporterhome', '/admin'],
    ['role_admin', '/signin', '/admin'],
    ['role_customer', '/transporterhome', '/home'],
    ['role_customer', '/admin', '/home'],
  ] as const)('a %s opening %s goes to %s', async (role, path, home) => {
    mockSignedInApi();
    seedSession(role);
    const { router } = renderRoute(path);
    await expectPath(router, home);
  });

  it('lets a transporter and a fleet manager open /transporterhome', async () => {
    mockSignedInApi();
    seedSession('role_fleet_manager', 'Musa');
    const { router } = renderRoute('/transporterhome');
    expect(await screen.findByRole('heading', { level: 1, name: /Musa/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/transporterhome');
    expect(document.title).toBe('Home · Freightlane');
  });

  it('shows the customer dashboard with the checklist and its figures', async () => {
    pretendDesktop();
    mockSignedInApi();
    seedSession('role_customer');
    renderRoute('/home');
    expect(await screen.findByRole('heading', { level: 1, name: /Adaeze/ })).toBeVisible();
    expect(await screen.findByText('Missing: CAC registration number')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Update company details' })).toHaveAttribute('href', '/company');
    expect(await screen.findByRole('link', { name: /Trips not completed/ })).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Order haulage' })).toHaveAttribute('href', '/orders/new');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  });

  it('goes back to the page that asked for sign-in after signing in', async () => {
    const values = sessionValuesFor('role_customer', { nowS: Math.floor(Date.now() / 1000) });
    const routes = mockApi({
      'POST /api/v1/auth/login': {
        body: { ...values, tokenType: 'Bearer', expiresIn: 900 },
      },
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profile } },
      'GET /api/v1/company/documents/validate': { body: validation },
    });
    const { router, user } = renderRoute('/company');
    await expectPath(router, '/signin');
    await user.type(await screen.findByLabelText('Email'), 'adaeze@okafor-imports.ng');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectPath(router, '/company');
    expect(routes.calls('POST /api/v1/auth/login')[0]?.body).toEqual({
      username: 'adaeze@okafor-imports.ng',
      password: 'correct horse battery',
    });
    expect(window.localStorage.getItem('refreshToken')).toBe(values.refreshToken);
  });
});

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the app shell', () => {
  it('keeps the navigation behind the menu button on phones', async () => {
    mockSignedInApi();
    seedSession('role_customer');
    const { user } = renderRoute('/home');
    const menu = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    await user.click(menu);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Company details' })).toHaveAttribute('href', '/company');
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav).getByRole('link', { name: 'Profile' }));
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows the sidebar with Sign Out from 1024 px up', async () => {
    pretendDesktop();
    mockSignedInApi();
    seedSession('role_admin', 'Bisi');
    renderRoute('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/admin'],
      ['Companies', '/admin/companies'],
      ['Users', '/admin/users'],
      ['Trips', '/trips'],
      ['Map', '/trips/map'],
      ['Issues', '/trips/issues'],
      ['Payments', '/payments'],
      ['Payouts', '/admin/payouts'],
      ['Ratings', '/admin/ratings'],
      ['Reference data', '/admin/reference'],
      ['Audit log', '/admin/audit-log'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Companies' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(document.title).toBe('Back office · Freightlane');
  });

  it("shows a transporter's sidebar, every item a link to its page", async () => {
    pretendDesktop();
    mockSignedInApi();
    seedSession('role_transporter', 'Musa');
    renderRoute('/transporterhome');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const [label, href] of [
      ['Trips', '/trips'],
      ['Schedule', '/trips/schedule'],
      ['Issues', '/trips/issues'],
      ['Payments', '/payments'],
      ['Earnings', '/earnings'],
      ['Fleet', '/fleet'],
      ['Reports', '/reports'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(nav).not.toHaveTextContent('Soon');
  });

  it.each([
    ['/fleet/trucks', 'Fleet'],
    ['/trips/schedule', 'Schedule'],
    ['/trips/issues', 'Issues'],
    ['/trips/t1', 'Trips'],
  ])('marks one sidebar item as the current page on %s: %s', async (path, current) => {
    pretendDesktop();
    mockSignedInApi();
    seedSession('role_transporter', 'Musa');
    renderRoute(path);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: current })).toHaveAttribute('aria-current', 'page'),
    );
    const marked = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([current]);
  });
});

describe('signing out', () => {
  it('calls logout, clears both storages and goes to /signin (from the menu on a phone)', async () => {
    const api = mockSignedInApi();
    const values = seedSession('role_transporter');
    const { router, user } = renderRoute('/transporterhome');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await expectPath(router, '/signin');
    expect(api.calls('POST /api/v1/auth/logout')[0]?.body).toEqual({ refreshToken: values.refreshToken });
    for (const key of ['accessToken', 'refreshToken', 'userType', 'firstName']) {
      expect(window.sessionStorage.getItem(key)).toBeNull();
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(screen.queryByText('Your session has expired. Please sign in again.')).toBeNull();
  });
});

describe('public pages', () => {
  it('shows the unsubscribe confirmation word for word', async () => {
    renderRoute('/unsubscribe');
    expect(
      await screen.findByText('You have successfully unsubscribed from an email service.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Freightlane' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Unsubscribed · Freightlane');
  });

  it('shows the terms with Sign In and Sign Up buttons, Dutch law and the 2 to 3 weeks wait', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    for (const section of [
      'Cookies',
      'License',
      'User comments',
      'Hyperlinking to our content',
      'iFrames',
      'Content liability',
      'Your privacy',
      'Reservation of rights',
      'Removal of links from our website',
      'Disclaimer',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    expect(screen.getByText(/governed by the laws of the Netherlands/)).toBeVisible();
    expect(screen.getByText(/allow 2 to 3 weeks/)).toBeVisible();
  });

  it('answers any other path with the not-found page', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(document.title).toBe('Page not found · Freightlane');
  });

  it('shows the sign-up page at / with a Sign In button and the Freightlane logo', async () => {
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your Freightlane account' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Freightlane home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Sign Up · Freightlane');
  });

  it('shows a Sign Up button on the sign-in page', async () => {
    renderRoute('/signin');
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(document.title).toBe('Sign In · Freightlane');
  });
});

describe('the trip routes', () => {
  it('keeps /trips/schedule and /trips/issues for their own pages', () => {
    const leaf = (path: string) => matchRoutes(appRoutes, path)?.at(-1)?.route.path;
    expect(leaf('/trips/7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6')).toBe(PATHS.trip(':tripId'));
    expect(leaf(PATHS.tripSchedule)).toBe(PATHS.tripSchedule);
    expect(leaf(PATHS.tripIssues)).toBe(PATHS.tripIssues);
  });
});
