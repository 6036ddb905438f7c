import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { trackingCompany } from '../test-fixtures';

const LIST = 'GET /api/v1/admin/tracking-companies';

function open() {
  const traccar = trackingCompany();
  const phone = trackingCompany({
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    code: 'DRIVER_PHONE',
    name: 'Driver phone',
    kind: 'DRIVER_PHONE',
    description: 'Each driver opens a private link on their phone.',
    accountCount: 0,
  });
  const patch = `PATCH /api/v1/admin/tracking-companies/${traccar.id}`;
  const api = mockApi({
    [LIST]: { body: [phone, traccar] },
    [patch]: (request: RecordedRequest) => ({ body: { ...traccar, ...(request.body as object) } }),
  });
  seedSession('role_admin');
  return { api, patch, ...renderRoute('/admin/reference/tracking-companies') };
}

describe('the tracking companies', () => {
  it('shows each with its kind, how many accounts use it and whether it is offered', async () => {
    open();
    const card = within((await screen.findByRole('heading', { level: 2, name: 'Traccar' })).closest('li')!);
    expect(card.getByText('Traccar server')).toBeVisible();
    expect(card.getByText('TRACCAR · 3 tracking accounts use it')).toBeVisible();
    expect(card.getByRole('switch', { name: 'Offered to transporters' })).toBeChecked();
    expect(screen.getByText('DRIVER_PHONE · No tracking accounts use it')).toBeVisible();
    expect(document.title).toBe('Tracking companies · Freightlane');
  }, 20_000);

  it('turns one off only after a Yes', async () => {
    const { api, patch, user } = open();
    const card = within((await screen.findByRole('heading', { level: 2, name: 'Traccar' })).closest('li')!);
    await user.click(card.getByRole('switch', { name: 'Offered to transporters' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off Traccar?' }));
    expect(dialog.getByText(/accounts they already have keep working/)).toBeVisible();
    expect(api.calls(patch)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.calls(patch)).toHaveLength(1));
    expect(api.calls(patch)[0]!.body).toEqual({ active: false });
    expect(await screen.findByText('Traccar is turned off.')).toBeVisible();
    await waitFor(() =>
      expect(card.getByRole('switch', { name: 'Offered to transporters' })).not.toBeChecked(),
    );
  }, 20_000);

  it('edits the wording, with the message under an emptied field', async () => {
    const { api, patch, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Traccar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Traccar' }));
    const description = dialog.getByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.tab();
    expect(await dialog.findByText('Description is required')).toBeVisible();
    await user.type(description, 'Your own Traccar server or a hosted one.');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(patch)).toHaveLength(1));
    expect(api.calls(patch)[0]!.body).toEqual({
      name: 'Traccar',
      description: 'Your own Traccar server or a hosted one.',
    });
    expect(await screen.findByText('Your own Traccar server or a hosted one.')).toBeVisible();
  }, 20_000);
});
