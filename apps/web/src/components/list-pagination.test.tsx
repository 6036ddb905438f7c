import type { Page } from '@freightlane/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestStore, TestProviders } from '../test/render';
import { ListPagination } from './list-pagination';

function pageOf(extra: Partial<Page<string>>): Page<string> {
  return {
    content: Array.from({ length: 20 }, (_, i) => `trip ${i}`),
    totalElements: 57,
    totalPages: 3,
    number: 1,
    size: 20,
    ...extra,
  };
}

function renderPagination(page: Page<string>) {
  return render(
    <TestProviders store={createTestStore()}>
      <ListPagination page={page} onChange={() => undefined} noun={['trip', 'trips']} />
    </TestProviders>,
  );
}

describe('ListPagination', () => {
  it('says where the page stands among an exact count', () => {
    renderPagination(pageOf({}));
    expect(screen.getByText('21–40 of 57 trips')).toBeInTheDocument();
  });

  it('says "more than" when the count stopped at its limit', () => {
    renderPagination(pageOf({ totalElements: 1_000, totalPages: 50, totalIsLowerBound: true }));
    expect(screen.getByText('21–40 of more than 1,000 trips')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 50' })).toBeInTheDocument();
  });
});
