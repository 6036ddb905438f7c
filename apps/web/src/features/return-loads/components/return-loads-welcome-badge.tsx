import { Badge } from '@mantine/core';
import { IconTruckReturn } from '@tabler/icons-react';
import { useReturnLoadsText } from '../text';

/** The customer would take a truck on its way back from a delivery nearby: shown wherever the order is. */
export function ReturnLoadsWelcomeBadge() {
  const t = useReturnLoadsText();
  return (
    <Badge
      variant="light"
      color="teal"
      radius="sm"
      leftSection={<IconTruckReturn size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {t('badge.welcome')}
    </Badge>
  );
}
