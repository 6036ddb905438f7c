import { Card, SimpleGrid, Text } from '@mantine/core';
import { reportValueText, type ReportFigure } from '@freightlane/domain';
import { breakableFigure, figureSize } from '../../../components/figure-text';

/** The figures above a report's chart: each labelled, formatted by its type (N/A over nothing). */
export function ReportFigures({ figures }: { figures: ReportFigure[] }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 4 }}
      spacing="sm"
      component="dl"
      aria-label="Summary"
      style={{ margin: 0 }}
    >
      {figures.map((figure) => {
        const text = reportValueText(figure.value, figure.type);
        // A figure has no column header to carry its unit.
        const value = figure.type === 'hours' && figure.value !== null ? `${text} h` : text;
        return (
          <Card key={figure.key} withBorder radius="md" padding="md" style={{ containerType: 'inline-size' }}>
            <Text component="dt" size="sm" c="dimmed" lh={1.3}>
              {figure.label}
            </Text>
            {/* Shrinks with the card so a long naira amount fits a phone's half-width card. */}
            <Text
              component="dd"
              m={0}
              mt={4}
              fw={700}
              lh={1.2}
              style={{ fontSize: figureSize(value), fontVariantNumeric: 'tabular-nums' }}
            >
              {breakableFigure(value)}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
