import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
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

/** A row of a chart drawn by name, tall enough for its bars and a name on one line. */
const NAME_ROW = 32;
/** A name longer than its room beside the bars is cut with an ellipsis (the table has it whole). */
const CHAR_WIDTH = 7;

/** How many characters of a name fit beside the bars: two fifths of the chart's width, at least 20. */
function nameChars(chartWidth: number): number {
  return Math.max(20, Math.floor((chartWidth * 0.4 - 14) / CHAR_WIDTH));
}

function shortName(name: string, chars: number): string {
  return name.length > chars ? `${name.slice(0, chars - 1).trimEnd()}…` : name;
}

/** A name on the chart's side, on one line: cut with an ellipsis when long, whole in its tooltip. */
function NameTick({
  x,
  y,
  payload,
  chars,
}: {
  x: number;
  y: number;
  payload: { value: unknown };
  chars: number;
}) {
  const name = String(payload.value);
  return (
    <text x={x - 8} y={y} dy={4} textAnchor="end" fontSize={12} fill="currentColor">
      <title>{name}</title>
      {shortName(name, chars)}
    </text>
  );
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
  const { ref, width } = useElementSize();
  const chars = nameChars(width);
  const empty = chart.points.length === 0;
  const labels = chart.points.map((point) => String(point[chart.labelKey] ?? ''));
  // Terminals, lanes, drivers: bars across, one row each with its name beside it, so no name is dropped for
  // want of room (on a phone the axis would show one name in three). Periods stay a time axis.
  const byName = chart.kind !== 'line' && labels.some((label) => periodLabel(label) === label);
  return (
    <Card ref={ref} withBorder radius="md" padding="md" component="figure" m={0} aria-label={chart.title}>
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
      ) : byName ? (
        <BarChart
          {...common}
          h={labels.length * NAME_ROW + 40 + (series.length > 1 ? 56 : 0)}
          orientation="vertical"
          type={chart.kind === 'stacked-bar' ? 'stacked' : 'default'}
          gridAxis="x"
          xAxisProps={{ tickFormatter: (value: number) => axisText(value, chart.valueType) }}
          yAxisProps={{
            width: Math.max(...labels.map((label) => shortName(label, chars).length)) * CHAR_WIDTH + 14,
            interval: 0,
            tick: (props: { x: number; y: number; payload: { value: unknown } }) => (
              <NameTick {...props} chars={chars} />
            ),
          }}
        />
      ) : (
        <BarChart {...common} type={chart.kind === 'stacked-bar' ? 'stacked' : 'default'} />
      )}
    </Card>
  );
}
