import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { FigureGrid, figureStyle } from '../../../components/figure-text';
import { QueryError } from '../../../components/query-error';
import { useInvoicesText } from '../text';

export interface MoneyFigure {
  label: string;
  /** Already formatted: "₦4,965,000.00" or "3". */
  value: string;
  /** A line under the figure: "4 invoices". */
  detail?: string;
  /** Red, for money that is late. */
  alert?: boolean;
}

/** The figures above a money list, each labelled, all of one size and none wrapping. */
function MoneyFigures({ figures, label }: { figures: MoneyFigure[]; label: string }) {
  return (
    <FigureGrid values={figures.map((figure) => figure.value)} label={label}>
      {figures.map((figure) => (
        <Card
          key={figure.label}
          withBorder
          radius="md"
          padding="md"
          style={{ containerType: 'inline-size', minWidth: 0 }}
        >
          <Text component="dt" size="sm" c="dimmed" lh={1.3}>
            {figure.label}
          </Text>
          <Text
            component="dd"
            m={0}
            mt={4}
            fw={700}
            lh={1.2}
            c={figure.alert ? 'red.9' : undefined}
            style={figureStyle(figure.value)}
          >
            {figure.value}
            {figure.detail ? (
              <Text component="span" display="block" size="xs" c="dimmed" fw={400} mt={4}>
                {figure.detail}
              </Text>
            ) : null}
          </Text>
        </Card>
      ))}
    </FigureGrid>
  );
}

/** Grey cards where the figures will be. */
function MoneyFiguresSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: count > 4 ? 5 : 4 }} spacing="sm" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={92} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The totals above a money list, as their query stands: `count` grey cards while they load, and the
 * failure with a retry, the list below still working, when they cannot be loaded.
 */
export function MoneyTotals<T>({
  query,
  count,
  figures,
}: {
  query: UseQueryResult<T>;
  count: number;
  figures: (totals: T) => MoneyFigure[];
}) {
  const t = useInvoicesText();
  if (query.isPending) return <MoneyFiguresSkeleton count={count} label={t('totals.loading')} />;
  if (query.isError)
    return (
      <QueryError error={query.error} onRetry={() => void query.refetch()} title={t('totals.failure')} />
    );
  return <MoneyFigures figures={figures(query.data)} label={t('totals.label')} />;
}
