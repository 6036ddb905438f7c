import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  expiringWithin,
  TRUCK_DOCUMENT_KINDS,
  type ExpiryStatus,
  type FleetManagerInvitationStatus,
  type Truck,
  type TruckDocumentKind,
} from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';
import { useFleetText } from '../text';

const EXPIRY_COLORS: Record<ExpiryStatus, string> = {
  EXPIRED: 'red',
  EXPIRING: 'orange',
  VALID: 'green',
  MISSING: 'gray',
};

/** Worst first: what needs doing soonest leads. */
const SEVERITY: readonly ExpiryStatus[] = ['EXPIRED', 'EXPIRING', 'MISSING', 'VALID'];

export function ExpiryBadge({ status }: { status: ExpiryStatus }) {
  const label = useLabels();
  return (
    <Badge variant="light" color={EXPIRY_COLORS[status]} radius="sm" style={{ flexShrink: 0 }}>
      {label('expiryStatus', status)}
    </Badge>
  );
}

export function truckDocumentStatus(truck: Truck, kind: TruckDocumentKind, now = new Date()): ExpiryStatus {
  return expiringWithin(truck.documents[kind]?.expiresOn ?? null, undefined, now);
}

/** The worst state among a truck's four documents, and which documents are in it. */
export function worstTruckDocuments(
  truck: Truck,
  now = new Date(),
): { status: ExpiryStatus; documents: TruckDocumentKind[] } {
  const statuses = TRUCK_DOCUMENT_KINDS.map((kind) => ({
    kind,
    status: truckDocumentStatus(truck, kind, now),
  }));
  const status = SEVERITY.find((s) => statuses.some((entry) => entry.status === s)) ?? 'VALID';
  return { status, documents: statuses.filter((entry) => entry.status === status).map((e) => e.kind) };
}

/** A truck's documents in one badge: the worst state, naming the documents in it unless all are valid. */
export function TruckDocumentsSummary({ truck }: { truck: Truck }) {
  const label = useLabels();
  const { status, documents } = worstTruckDocuments(truck);
  return (
    <Stack gap={2} align="flex-start">
      <ExpiryBadge status={status} />
      {status === 'VALID' ? null : (
        <Text size="xs" c="dimmed">
          {documents.map((kind) => label('truckDocument', kind)).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useFleetText();
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'} radius="sm" style={{ flexShrink: 0 }}>
      {active ? t('common.active') : t('common.inactive')}
    </Badge>
  );
}

export function InvitationBadge({ status }: { status: FleetManagerInvitationStatus }) {
  const t = useFleetText();
  return status === 'PENDING' ? (
    <Badge variant="light" color="blue" radius="sm" style={{ flexShrink: 0 }}>
      {t('badge.invitationSent')}
    </Badge>
  ) : null;
}

export function StatusBadges({
  active,
  invitation,
}: {
  active: boolean;
  invitation?: FleetManagerInvitationStatus;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <ActiveBadge active={active} />
      {invitation ? <InvitationBadge status={invitation} /> : null}
    </Group>
  );
}
