import { screen, within } from '@testing-library/react';
import { paymentOutcomeSchema, type PaymentOutcome } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { PAYMENT_CHECKS, paymentCheckDelayMs } from '../api/payments-api';
import { INVOICE_ID } from '../test-fixtures';

const VERIFY = 'GET /api/v1/payments/verify';

function outcome(overrides: Partial<PaymentOutcome> = {}): PaymentOutcome {
  return apiFixture(paymentOutcomeSchema, {
    reference: 'FL-abc123',
    status: 'SUCCEEDED',
    invoiceId: INVOICE_ID,
    invoiceNumber: 'INV-2026-000017',
    invoiceStatus: 'PAID',
    amountKobo: 48_375_000,
    ...overrides,
  });
}

describe('the page the payer returns to', () => {
  it('checks again while the payment is pending, then says it is received with a link to the invoice', async () => {
    const answers = [outcome({ status: 'PENDING', invoiceStatus: 'PENDING_PAYMENT' }), outcome()];
    const api = mockApi({ [VERIFY]: () => ({ body: answers.shift() ?? outcome() }) });
    seedSession('role_customer');
    renderRoute('/payments/callback?reference=FL-abc123&trxref=FL-abc123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('₦483,750.00 for invoice INV-2026-000017');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
    expect(screen.getByText(/₦483,750.00 for invoice INV-2026-000017 is paid\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View invoice INV-2026-000017' })).toHaveAttribute(
      'href',
      `/payments/${INVOICE_ID}`,
    );
    expect(api.calls(VERIFY).map((call) => call.url)).toEqual([
      '/api/v1/payments/verify?reference=FL-abc123',
      '/api/v1/payments/verify?reference=FL-abc123',
    ]);
    expect(document.title).toBe('Payment · Freightlane');
  });

  it('says a failed payment was not completed and offers to try again from the invoice', async () => {
    mockApi({ [VERIFY]: { body: outcome({ status: 'FAILED', invoiceStatus: 'OVERDUE' }) } });
    seedSession('role_customer');
    renderRoute('/payments/callback?trxref=FL-abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
    expect(screen.getByText(/did not go through/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      `/payments/${INVOICE_ID}`,
    );
  });

  it('says so when the return has no reference, without asking the API', async () => {
    const api = mockApi({});
    seedSession('role_customer');
    renderRoute('/payments/callback');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to payments' })).toHaveAttribute('href', '/payments');
    expect(api.calls(VERIFY)).toHaveLength(0);
  });

  it('shows the server’s message when the payment cannot be checked, with a way to try again', async () => {
    let fail = true;
    mockApi({
      [VERIFY]: () =>
        fail ? { status: 404, body: { message: 'No payment has this reference' } } : { body: outcome() },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/payments/callback?reference=FL-unknown');
    const alert = (await screen.findByText('No payment has this reference')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('Could not check the payment');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  });

  it('waits longer before each check, and stops after a few', () => {
    expect([1, 2, 3, 4].map(paymentCheckDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(PAYMENT_CHECKS).toBe(5);
  });
});
