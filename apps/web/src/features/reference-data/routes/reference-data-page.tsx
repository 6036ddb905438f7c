import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconGasStation,
  IconPercentage,
  IconRadar,
  IconShip,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { REFERENCE_SECTIONS, type ReferenceSection } from '../components/reference-nav';

const ICONS: Record<ReferenceSection, Icon> = {
  'Shipping lines': IconShip,
  Terminals: IconBuildingWarehouse,
  'Tracking companies': IconRadar,
  'Platform terms': IconPercentage,
  'Diesel price': IconGasStation,
};

/** /admin/reference: what the platform's reference data is, one card per kind. */
export function ReferenceDataPage() {
  usePageTitle('Reference data');
  return (
    <>
      <PageHeader
        title="Reference data"
        description="The lists customers and transporters choose from, and the platform's commercial terms. Changes apply at once and are recorded in the audit log."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {REFERENCE_SECTIONS.map((section) => {
          const SectionIcon = ICONS[section.label];
          return (
            <Card key={section.to} withBorder radius="md" padding="lg" component="section">
              <Group mb="sm">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  <SectionIcon size={22} stroke={1.6} />
                </ThemeIcon>
              </Group>
              <Title order={2} fz="lg" mb={6}>
                {section.label}
              </Title>
              <Text size="sm" c="dimmed">
                {section.about}
              </Text>
              <Group mt="md">
                <Button component={Link} to={section.to} variant="default">
                  Open {section.label.toLowerCase()}
                </Button>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
