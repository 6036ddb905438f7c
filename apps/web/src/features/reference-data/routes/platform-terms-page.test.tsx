import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { platformSettings } from '../test-fixtures';

const URL = '/api/v1/admin/platform-settings';

describe('the platform terms', () => {
  it('shows the commission as a percent and the payment terms in days', async () => {
    mockApi({ [`GET ${URL}`]: { body: platformSettings() } });
    seedSession('role_admin');
    renderRoute('/admin/reference/platform-terms');
    expect(await screen.findByRole('textbox', { name: /^Commission/ })).toHaveValue('5.00');
    expect(screen.getByRole('textbox', { name: /^Payment terms/ })).toHaveValue('14');
    expect(screen.getByText('On a trip of ₦450,000.00, Freightlane keeps ₦22,500.00.')).toBeVisible();
    expect(screen.getByText('Not changed since Freightlane was set up.')).toBeVisible();
    expect(document.title).toBe('Platform terms · Freightlane');
  });

  it('checks the figures under their fields, then sends basis points and days', async () => {
    const api = mockApi({
      [`GET ${URL}`]: { body: platformSettings() },
      [`PUT ${URL}`]: (request: RecordedRequest) => ({
        body: platformSettings({
          ...(request.body as object),
          updatedAt: '2026-11-21T10:00:00.000Z',
          updatedBy: { id: 'u1', name: 'Bisi Ade' },
        }),
      }),
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/reference/platform-terms');
    const commission = await screen.findByRole('textbox', { name: /^Commission/ });
    const days = screen.getByRole('textbox', { name: /^Payment terms/ });

    await user.clear(commission);
    await user.type(commission, '30.5');
    await user.tab();
    expect(await screen.findByText('The commission must be at most 30 %')).toBeVisible();
    await user.clear(commission);
    await user.type(commission, '7.255');
    await user.tab();
    expect(
      await screen.findByText('Enter the commission as a percent with up to two decimals, e.g. 5.25'),
    ).toBeVisible();
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Payment terms are at least 1 day')).toBeVisible();
    expect(api.calls(`PUT ${URL}`)).toHaveLength(0);

    await user.clear(commission);
    await user.type(commission, '7.25');
    await user.clear(days);
    await user.type(days, '30');
    expect(screen.getByText('On a trip of ₦450,000.00, Freightlane keeps ₦32,625.00.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(api.calls(`PUT ${URL}`)).toHaveLength(1));
    expect(api.calls(`PUT ${URL}`)[0]!.body).toEqual({ commissionBasisPoints: 725, paymentTermsDays: 30 });
    expect(await screen.findByText('The platform terms are saved.')).toBeVisible();
    expect(await screen.findByText('Last changed 21 Nov 2026, 11:00 by Bisi Ade.')).toBeVisible();
  }, 20_000);

  it("puts the server's refusal under the commission", async () => {
    mockApi({
      [`GET ${URL}`]: { body: platformSettings() },
      [`PUT ${URL}`]: {
        status: 400,
        body: {
          message: 'The commission must be at most 30 %',
          errors: [{ field: 'commissionBasisPoints', message: 'The commission must be at most 30 %' }],
        },
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/reference/platform-terms');
    const commission = await screen.findByRole('textbox', { name: /^Commission/ });
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(commission).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('The commission must be at most 30 %').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('Platform terms not saved')).toBeVisible();
  }, 20_000);
});
