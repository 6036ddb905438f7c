import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLanguageProvider } from '../i18n/app-language';
import { createTestStore, TestProviders } from '../test/render';
import { UnverifiedAccountDialog } from './unverified-account-dialog';

function renderDialog(message: string, onClose = vi.fn(), locale: 'en-NG' | 'pcm' = 'en-NG') {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <UnverifiedAccountDialog opened message={message} onClose={onClose} /> },
      { path: '/company', element: <p>Company details page</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <TestProviders store={createTestStore()}>
      <AppLanguageProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </AppLanguageProvider>
    </TestProviders>,
  );
  return { router, onClose };
}

describe('unverified-account dialog', () => {
  it('shows the spec text with the server message', () => {
    renderDialog('You cannot place an order yet');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'You cannot place an order yet. Your account has not been verified, update your company details HERE to have your account verified.',
    );
  });

  it('does not double the full stop when the message already ends with one', () => {
    renderDialog('Bidding needs a verified company.');
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Bidding needs a verified company. Your account has not been verified',
    );
    expect(screen.getByRole('dialog')).not.toHaveTextContent('company..');
  });

  it('links HERE to the company details and closes on the way', async () => {
    const { router, onClose } = renderDialog('You cannot place an order yet');
    const here = screen.getByRole('link', { name: 'HERE' });
    expect(here).toHaveAttribute('href', '/company');
    await userEvent.click(here);
    expect(router.state.location.pathname).toBe('/company');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with Okay', async () => {
    const { onClose } = renderDialog('You cannot bid yet');
    await userEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('speaks Pidgin when the app is shown in Pidgin, HERE still the link', async () => {
    renderDialog('You cannot bid yet', vi.fn(), 'pcm');
    const dialog = await screen.findByRole('dialog', { name: 'Dem never verify your account' });
    expect(dialog).toHaveTextContent(
      'You cannot bid yet. Dem never verify your account. Update your company details HERE make dem verify your account.',
    );
    expect(screen.getByRole('link', { name: 'HERE' })).toHaveAttribute('href', '/company');
    expect(screen.getByRole('button', { name: 'Okay' })).toBeVisible();
  });
});
