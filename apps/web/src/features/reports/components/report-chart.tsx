import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, Stack, Text } from '@mantine/core';
import { reportValueText, type ReportChart, type ReportValueType } from '@freightlane/domain';
import { useReportsText } from '../text';
import { periodLabel } from './report-value';

/** Series and slices take these in order: the brand green first, then colours told apart without hue alone. */
const COLOURS = [
  'green.7',
  'blue.6',
  'orange.6',
  'grape.6',
  'teal.5',
  'red.6',
  'yellow.6',
  'cyan.7',
  'pink.5',
  'indigo.4',
  'gray.5',
];

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis tick, short: ₦24M rather than ₦24,000,000.00 (the tooltip and the table carry the exact value). */
function axisText(value: number, type: ReportValueType): string {
  if (type === 'money') return `₦${compact.format(value / 100)}`;
  if (type === 'percent') return `${compact.format(value)}%`;
  return compact.format(value);
}

function numberOf(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

function DonutView({ chart }: { chart: ReportChart }) {
  const key = chart.series[0]?.key ?? 'value';
  const slices = chart.points.map((point, i) => ({
    name: String(point[chart.labelKey] ?? ''),
    value: numberOf(point[key]),
    color: COLOURS[i % COLOURS.length]!,
  }));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <Group gap="xl" align="center" wrap="wrap">
      {total > 0 ? (
        <DonutChart
          data={slices.filter((slice) => slice.value > 0)}
          size={180}
          thickness={28}
          withTooltip={false}
          // The legend beside it says everything; the slices are a picture, not a control to tab to.
          pieProps={{ rootTabIndex: -1 }}
          aria-hidden
        />
      ) : null}
      {/* The legend carries every value, so the chart is read without telling colours apart. */}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {slices.map((slice) => (
          <Group key={slice.name} gap="xs" component="li" wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 12,
                height: 12,
                borderRadius: 3,
                background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
                flex: 'none',
              }}
            />
            <Text size="sm">
              {slice.name}: <b>{reportValueText(slice.value, chart.valueType)}</b>
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

/** A report's chart (docs/reports.md 1.2): bars side by side or stacked, a line over periods, or a donut. */
export function ReportChartView({ chart }: { chart: ReportChart }) {
  const t = useReportsText();
  const format = (value: number) => reportValueText(value, chart.valueType);
  const series = chart.series.map((s, i) => ({
    name: s.key,
    label: s.label,
    color: COLOURS[i % COLOURS.length]!,
  }));
  const common = {
    h: 280,
    data: chart.points,
    dataKey: chart.labelKey,
    series,
    valueFormatter: format,
    withLegend: series.length > 1,
    // No fixed height: on a phone five series wrap to a second line.
    legendProps: { verticalAlign: 'bottom' as const },
    xAxisProps: { tickFormatter: (value: unknown) => periodLabel(String(value)) },
    yAxisProps: {
      width: 56,
      tickFormatter: (value: number) => axisText(value, chart.valueType),
      // Trips and days come whole: no 0.3 of a trip on the axis.
      allowDecimals: chart.valueType !== 'count' && chart.valueType !== 'days',
    },
    gridAxis: 'y' as const,
  };
  const empty = chart.points.length === 0;
  return (
    <Card withBorder radius="md" padding="md" component="figure" m={0} aria-label={chart.title}>
      <Text component="figcaption" fw={600} mb="sm">
        {chart.title}
      </Text>
      {empty ? (
        <Text c="dimmed" size="sm">
          {t('chart.empty')}
        </Text>
      ) : chart.kind === 'donut' ? (
        <DonutView chart={chart} />
      ) : chart.kind === 'line' ? (
        <LineChart {...common} curveType="linear" connectNulls={false} />
      ) : (
        <BarChart {...common} type={chart.kind === 'stacked-bar' ? 'stacked' : 'default'} />
      )}
    </Card>
  );
}
