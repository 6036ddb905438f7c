import { Badge } from '@mantine/core';
import type { CompanyType, VerificationStatus } from '@freightlane/domain';
import { VERIFICATION_STATUS_LABELS } from '../../company';

export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  CUSTOMER: 'Customer',
  TRANSPORTER: 'Transporter',
  PLATFORM: 'Freightlane',
};

export function VerificationBadge({ status }: { status: VerificationStatus }) {
  const { label, color } = VERIFICATION_STATUS_LABELS[status];
  return (
    <Badge variant="light" color={color} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
