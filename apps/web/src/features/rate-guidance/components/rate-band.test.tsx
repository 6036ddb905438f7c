import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestStore, TestProviders } from '../../../test/render';
import { pricePosition } from '../lane';
import { guidance, thinGuidance } from '../test-fixtures';
import { RateBand, type BandPrice } from './rate-band';

function renderBand(props: { guidance: ReturnType<typeof guidance>; price?: BandPrice | null }): {
  user: ReturnType<typeof userEvent.setup>;
  band: HTMLElement;
} {
  const wrap = (children: ReactNode) => <TestProviders store={createTestStore()}>{children}</TestProviders>;
  render(wrap(<RateBand title="Per container, 40 FT" {...props} />));
  return { user: userEvent.setup(), band: screen.getByRole('region', { name: 'Per container, 40 FT' }) };
}

describe('a lane’s rate band', () => {
  it('says the middle half, the median, the awards behind it and the diesel price, and draws them', () => {
    const { band } = renderBand({ guidance: guidance() });
    expect(
      within(band).getByText(
        'Trucks on this lane were awarded ₦380,000.00 – ₦460,000.00 (middle half), typically ₦420,000.00',
      ),
    ).toBeVisible();
    expect(within(band).getByText('from 12 awards in the last 90 days')).toBeVisible();
    expect(within(band).getByText('Diesel ₦1,250.50 a litre (as of 28 Nov 2026)')).toBeVisible();
    // The bar runs past the band on both sides, the median within it.
    const middle = band.querySelector<HTMLElement>('[data-band="middle-half"]')!;
    const median = band.querySelector<HTMLElement>('[data-band="median"]')!;
    expect(middle.style.left).toBe('16.67%');
    expect(median.style.left).toBe('50%');
    expect(band.querySelector('[data-band="price"]')).toBeNull();
  });

  it('hides the figures under five awards and says how many there are', () => {
    const { band } = renderBand({ guidance: thinGuidance(3), price: { kobo: 40_000_000, kind: 'bid' } });
    expect(within(band).getByText('Not enough awards on this lane yet (3 of 5)')).toBeVisible();
    expect(band).not.toHaveTextContent('₦380,000.00');
    expect(band).not.toHaveTextContent('Your bid');
    expect(band.querySelector('[data-band-bar]')).toBeNull();
    // The diesel price is the market's, not the lane's: it still shows.
    expect(within(band).getByText('Diesel ₦1,250.50 a litre (as of 28 Nov 2026)')).toBeVisible();
  });

  it.each([
    [30_000_000, 'bid', 'Your bid of ₦300,000.00 is below the usual range.'],
    [38_000_000, 'bid', 'Your bid of ₦380,000.00 is within the usual range.'],
    [46_000_000, 'target', 'Your target price of ₦460,000.00 is within the usual range.'],
    [50_000_001, 'target', 'Your target price of ₦500,000.01 is above the usual range.'],
  ] as const)('places %i kobo (%s) against the band', (kobo, kind, said) => {
    const { band } = renderBand({ guidance: guidance(), price: { kobo, kind } });
    expect(within(band).getByText(said)).toBeVisible();
    expect(band.querySelector('[data-band="price"]')).not.toBeNull();
  });

  it('draws a price far below the band on the bar too', () => {
    const { band } = renderBand({ guidance: guidance(), price: { kobo: 10_000_000, kind: 'bid' } });
    const price = band.querySelector<HTMLElement>('[data-band="price"]')!;
    const left = Number.parseFloat(price.style.left);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(
      Number.parseFloat(band.querySelector<HTMLElement>('[data-band="middle-half"]')!.style.left),
    );
  });

  it('says how the figures are worked out when asked', async () => {
    const { user, band } = renderBand({ guidance: guidance() });
    const how = within(band).getByRole('button', { name: 'How is this worked out?' });
    expect(how).toHaveAttribute('aria-expanded', 'false');
    expect(within(band).queryByText(/A lane is the pickup terminal/)).toBeNull();
    await user.click(how);
    expect(how).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(band).getByText(/A lane is the pickup terminal \(or the pickup state and LGA\)/),
    ).toBeVisible();
    expect(within(band).getByText(/awarded on the lane in the last 90 days/)).toBeVisible();
    expect(within(band).getByText(/25th to the 75th percentile/)).toBeVisible();
    expect(within(band).getByText('A lane shows its figures once it has 5 awards.')).toBeVisible();
    expect(
      within(band).getByText(/worked out again every hour\. Last worked out 28 Nov 2026, 11:00\./),
    ).toBeVisible();
  });

  it('leaves out the diesel line when no price is recorded', () => {
    const { band } = renderBand({ guidance: guidance({ diesel: null }) });
    expect(band).not.toHaveTextContent('Diesel');
  });
});

describe('where a price falls', () => {
  const band = { p25Kobo: 100, p50Kobo: 150, p75Kobo: 200 };
  it('counts both ends of the middle half as within it', () => {
    expect(pricePosition(band, 99)).toBe('below');
    expect(pricePosition(band, 100)).toBe('within');
    expect(pricePosition(band, 200)).toBe('within');
    expect(pricePosition(band, 201)).toBe('above');
  });
});
