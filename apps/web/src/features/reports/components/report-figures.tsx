import { Card, Text } from '@mantine/core';
import { reportValueText, type ReportFigure } from '@freightlane/domain';
import { FigureGrid, figureStyle } from '../../../components/figure-text';

function figureText(figure: ReportFigure): string {
  const text = reportValueText(figure.value, figure.type);
  // A figure has no column header to carry its unit.
  return figure.type === 'hours' && figure.value !== null ? `${text} h` : text;
}

/** The figures above a report's chart: each labelled, formatted by its type (N/A over nothing). */
export function ReportFigures({ figures }: { figures: ReportFigure[] }) {
  return (
    <FigureGrid values={figures.map(figureText)} label="Summary">
      {figures.map((figure) => {
        const value = figureText(figure);
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
