import { screen, waitFor, within } from '@testing-library/react';
import { lagosDateInDays, reportResponse, type ReportResponse } from '@freightlane/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { shownDayFirst } from '../../../test/typed-date';
import { rangePresets } from '../report-catalogue';

const JOURNEY_TIMEOUT_MS = 20_000;

function pretend(desktop: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, desktop && query.includes('min-width')),
  );
}

/** A financial report as the API answers it, its figures depending on the range asked for. */
function financial(from: string, to: string, spendKobo: number): ReportResponse {
  return apiFixture(reportResponse, {
    kind: 'financial',
    title: 'Financial report',
    from,
    to,
    summary: [
      { key: 'spend', label: 'Spend', type: 'money', value: spendKobo },
      { key: 'invoices', label: 'Invoices', type: 'count', value: 3 },
      { key: 'paidShare', label: 'Paid share', type: 'percent', value: null },
    ],
    chart: {
      kind: 'stacked-bar',
      title: 'Paid and outstanding by period',
      labelKey: 'period',
      valueType: 'money',
      series: [
        { key: 'paid', label: 'Paid' },
        { key: 'outstanding', label: 'Outstanding' },
      ],
      points: [{ period: from, paid: 0, outstanding: spendKobo }],
    },
    columns: [
      { key: 'period', label: 'Period', type: 'text' },
      { key: 'transporter', label: 'Transporter', type: 'text' },
      { key: 'spend', label: 'Spend (NGN)', type: 'money' },
    ],
    page: pageOf([{ period: from, transporter: 'Eko Haulage Ltd', spend: spendKobo }]),
  });
}

function reportRoute() {
  return (request: { url: string }) => {
    const query = new URL(request.url, 'http://x').searchParams;
    const from = query.get('from')!;
    const to = query.get('to')!;
    return { body: financial(from, to, from.endsWith('-01') ? 9_900_000_00 : 1_250_000_50) };
  };
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the reports', { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("lists a customer's twelve report kinds, each a link to its page", async () => {
    pretend(true);
    mockApi({});
    seedSession('role_customer');
    renderRoute('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('link')).toHaveLength(12);
    expect(within(list).getByRole('link', { name: /Cargo movement report/ })).toHaveAttribute(
      'href',
      '/reports/cargo-movement',
    );
    expect(within(list).queryByRole('link', { name: /Fleet report/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Reports · Freightlane'));
  });

  it("lists a transporter's twelve kinds", async () => {
    pretend(true);
    mockApi({});
    seedSession('role_transporter', 'Musa');
    renderRoute('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('link')).toHaveLength(12);
    expect(within(list).getByRole('link', { name: /Driver status report/ })).toHaveAttribute(
      'href',
      '/reports/driver-status',
    );
  });

  it('opens on the last 30 days, shows the figures, chart and rows, and asks again for another range', async () => {
    pretend(true);
    const api = mockApi({ 'GET /api/v1/reports/financial': reportRoute() });
    seedSession('role_customer');
    const { user } = renderRoute('/reports/financial');
    const from = lagosDateInDays(-29);
    const to = lagosDateInDays(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Financial report' })).toBeVisible();
    await waitFor(() =>
      expect(api.calls('GET /api/v1/reports/financial')[0]?.url).toBe(
        `/api/v1/reports/financial?from=${from}&to=${to}&page=0&size=20`,
      ),
    );
    const summary = await screen.findByLabelText('Summary');
    expect(summary).toHaveTextContent('Spend₦1,250,000.50');
    // A share over nothing is N/A, never 0.
    expect(summary).toHaveTextContent('Paid shareN/A');
    expect(screen.getByRole('figure', { name: 'Paid and outstanding by period' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Financial report' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Eko Haulage Ltd');

    const lastMonth = rangePresets('financial').find((p) => p.key === 'range.lastMonth')!.range;
    await user.click(screen.getByRole('textbox', { name: 'Range' }));
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    await waitFor(() => expect(summary).toHaveTextContent('Spend₦9,900,000.00'));
    expect(api.calls('GET /api/v1/reports/financial').at(-1)?.url).toBe(
      `/api/v1/reports/financial?from=${lastMonth.from}&to=${lastMonth.to}&page=0&size=20`,
    );
    expect(screen.getByLabelText('From')).toHaveValue(shownDayFirst(lastMonth.from));
  });

  it('names the field of a range the API would refuse, and does not ask for it', async () => {
    pretend(true);
    const api = mockApi({ 'GET /api/v1/reports/financial': reportRoute() });
    seedSession('role_customer');
    const { user } = renderRoute('/reports/financial');
    await screen.findByLabelText('Summary');
    const asked = api.calls('GET /api/v1/reports/financial').length;
    const toInput = screen.getByLabelText('To');
    await user.clear(toInput);
    await user.type(toInput, '1/1/2020');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('to must not be before from')).toBeVisible();
    const fromInput = screen.getByLabelText('From');
    await user.clear(fromInput);
    await user.type(fromInput, '1 Jan 2017');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('A report covers at most 2 years (731 days)')).toBeVisible();
    expect(api.calls('GET /api/v1/reports/financial').length).toBe(asked);
  });

  it('downloads the whole range as a file with the bearer token', async () => {
    pretend(false);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = mockApi({
      'GET /api/v1/reports/financial': reportRoute(),
      'GET /api/v1/reports/financial/export': { body: { pretend: 'xlsx' } },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/reports/financial?from=2026-10-01&to=2026-10-31');
    // A phone shows the rows as cards.
    const rows = await screen.findByRole('list', { name: 'Financial report' });
    expect(rows).toHaveTextContent('Eko Haulage Ltd');
    await user.click(screen.getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [download] = api.calls('GET /api/v1/reports/financial/export');
    expect(download!.url).toBe('/api/v1/reports/financial/export?from=2026-10-01&to=2026-10-31&format=xlsx');
    expect(download!.headers.authorization).toMatch(/^Bearer /);
  });

  it('tells a transporter there is no customer report for them, without asking the API', async () => {
    pretend(true);
    const api = mockApi({});
    seedSession('role_transporter', 'Musa');
    renderRoute('/reports/financial');
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' })).toBeVisible();
    expect(api.calls('GET /api/v1/reports/financial')).toHaveLength(0);
  });

  it('speaks Pidgin to a transporter whose profile is in Pidgin', async () => {
    pretend(true);
    mockApi({
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/reports');
    const list = await screen.findByRole('list');
    expect(
      await within(list).findByText('Each driver now: on trip, free or off, with the trip wey e dey do.'),
    ).toBeVisible();
    expect(screen.getByText(/^Your company figures for any time wey no pass two years/)).toBeVisible();
  });
});
