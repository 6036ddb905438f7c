import { ActionIcon, Alert, Card, CopyButton, Group, Text, Title, Tooltip } from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { IconCheck, IconCopy, IconLock } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { useTripComponentsText } from './text';

/**
 * The consignee's handover code, which the server sends the customer (and admins) only: the driver
 * cannot mark the trip delivered without it.
 */
export function HandoverCodeCard({ trip }: { trip: TripDetail }) {
  const t = useTripComponentsText();
  const { code, lockedUntil } = trip.handover;
  if (!code) return null;
  const locked = lockedUntil !== null && Date.parse(lockedUntil) > Date.now();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="handover-title">
      <Title order={2} fz="lg" id="handover-title" mb="xs">
        {t('handover.title')}
      </Title>
      <Group gap="sm" wrap="nowrap">
        <Text
          component="output"
          aria-label={t('handover.title')}
          fz={{ base: 30, sm: 36 }}
          fw={700}
          ff="monospace"
          style={{ letterSpacing: '0.25em', fontVariantNumeric: 'tabular-nums' }}
        >
          {code}
        </Text>
        <CopyButton value={code} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('handover.copied') : t('handover.copy')} withArrow>
              <ActionIcon
                variant="light"
                size="lg"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? t('handover.copiedLabel') : t('handover.copyLabel')}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" mt="xs">
        {t('handover.hint')}
      </Text>
      {locked ? (
        <Alert color="orange" mt="sm" icon={<IconLock aria-hidden />}>
          {t('handover.locked', { time: formatDateTime(lockedUntil) })}
        </Alert>
      ) : null}
    </Card>
  );
}
