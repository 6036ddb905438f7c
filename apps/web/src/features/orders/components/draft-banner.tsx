import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import type { StoredOrderDraft } from '../order-draft';
import { useOrdersText } from '../text';
import { stepLabelKey } from './order-wizard';

/** "You have an unfinished order from …": pick it up where it was left, or throw it away. */
export function DraftBanner({
  draft,
  onResume,
  onDiscard,
}: {
  draft: StoredOrderDraft;
  onResume: () => void;
  onDiscard: () => void;
}) {
  const t = useOrdersText();
  const label = useLabels();
  const { values, step } = draft;
  const clientName = values.clientName.trim();
  const what = [
    values.cargoType ? label('cargoType', values.cargoType) : null,
    clientName ? t('draft.forClient', { clientName }) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconFileText aria-hidden />}
      title={t('draft.title', { savedAt: formatDateTime(draft.savedAt) })}
    >
      <Text size="sm">
        {what ? `${what}. ` : ''}
        {step >= 4
          ? t('draft.readyToReview')
          : t('draft.stoppedAt', { number: step + 1, step: t(stepLabelKey(step, values.cargoType)) })}
      </Text>
      <Group mt="md" gap="sm">
        <Button onClick={onResume} data-autofocus>
          {t('draft.resume')}
        </Button>
        <Button variant="default" color="red" onClick={onDiscard}>
          {t('draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
