import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';

export const REFERENCE_SECTIONS = [
  {
    label: 'Shipping lines',
    to: PATHS.adminShippingLines,
    about:
      'The lines customers choose for their containers, with each size’s free days and daily demurrage and detention.',
  },
  {
    label: 'Terminals',
    to: PATHS.adminTerminals,
    about: 'Port terminals, holding bays and inland depots loads move between, with their gate positions.',
  },
  {
    label: 'Tracking companies',
    to: PATHS.adminTrackingCompanies,
    about: 'The tracking providers transporters can connect their trucks through.',
  },
  {
    label: 'Platform terms',
    to: PATHS.adminPlatformTerms,
    about: 'The platform commission and the days customers have to pay an invoice.',
  },
  {
    label: 'Diesel price',
    to: PATHS.adminDieselPrices,
    about: 'The pump price per litre, shown beside the lane rates customers and transporters read.',
  },
] as const;

export type ReferenceSection = (typeof REFERENCE_SECTIONS)[number]['label'];

/** The reference data's sections, the current one marked, so an admin moves between them in one click. */
export function ReferenceNav({ current }: { current: ReferenceSection }) {
  return (
    <Group component="nav" aria-label="Reference data" gap="xs" mb="md">
      <Button component={Link} to={PATHS.adminReference} variant="subtle" size="compact-sm">
        Reference data
      </Button>
      {REFERENCE_SECTIONS.map((section) => {
        const active = section.label === current;
        return (
          <Button
            key={section.to}
            component={Link}
            to={section.to}
            size="compact-sm"
            variant={active ? 'light' : 'subtle'}
            aria-current={active ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}
