import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../i18n/app-language';
import { createTestStore, TestProviders } from '../test/render';
import { NotFoundPage } from './not-found-page';

describe('the not-found page', () => {
  it('speaks Pidgin when the app is shown in Pidgin', async () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
      initialEntries: ['/nowhere'],
    });
    render(
      <TestProviders store={createTestStore()}>
        <AppLanguageProvider initialLocale="pcm">
          <RouterProvider router={router} />
        </AppLanguageProvider>
      </TestProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'We no see this page' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Freightlane' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('We no see this page · Freightlane');
  });
});
