import { Card, Text } from '@mantine/core';
import { reportValueText, type ReportFigure } from '@freightlane/domain';
import { FigureGrid, figureStyle } from '../../../components/figure-text';
import { useReportsText, type ReportsText } from '../text';

function figureText(t: ReportsText, figure: ReportFigure): string {
  const text = reportValueText(figure.value, figure.type);
  // A figure has no column header to carry its unit.
  return figure.type === 'hours' && figure.value !== null ? t('figures.hours', { value: text }) : text;
}

/** The figures above a report's chart: each labelled, formatted by its type (N/A over nothing). */
export function ReportFigures({ figures }: { figures: ReportFigure[] }) {
  const t = useReportsText();
  return (
    <FigureGrid values={figures.map((figure) => figureText(t, figure))} label={t('figures.label')}>
      {figures.map((figure) => {
        const value = figureText(t, figure);
        return (
          <Card key={figure.key} withBorder radius="md" padding="md" style={{ containerType: 'inline-size' }}>
            <Text component="dt" size="sm" c="dimmed" lh={1.3}>
              {figure.label}
            </Text>
            <Text component="dd" m={0} mt={4} fw={700} lh={1.2} style={figureStyle(value)}>
              {value}
            </Text>
          </Card>
        );
      })}
    </FigureGrid>
  );
}
