import { Alert, Button, Group, Text } from '@mantine/core';
import { CARGO_TYPE_LABELS } from '@freightlane/domain';
import { IconFileText } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import type { StoredOrderDraft } from '../order-draft';
import { stepLabelFor } from './order-wizard';

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
  const { values, step } = draft;
  const what = [
    values.cargoType ? CARGO_TYPE_LABELS[values.cargoType] : null,
    values.clientName.trim() ? `for ${values.clientName.trim()}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconFileText aria-hidden />}
      title={`You have an unfinished order from ${formatDateTime(draft.savedAt)}`}
    >
      <Text size="sm">
        {what ? `${what}. ` : ''}
        {step >= 4
          ? 'It is ready to review.'
          : `You stopped at step ${step + 1}: ${stepLabelFor(step, values.cargoType)}.`}
      </Text>
      <Group mt="md" gap="sm">
        <Button onClick={onResume} data-autofocus>
          Resume
        </Button>
        <Button variant="default" color="red" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
