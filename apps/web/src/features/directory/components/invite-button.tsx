import { Badge, Button } from '@mantine/core';
import { IconHeartHandshake, IconUserPlus } from '@tabler/icons-react';
import { useInvitePartner } from '../api/directory-api';
import { useDirectoryText } from '../text';

/** "Invite as preferred partner", or the badge saying the transporter already is one. */
export function InviteButton({
  companyId,
  name,
  isPreferredPartner,
}: {
  companyId: string;
  name: string;
  isPreferredPartner: boolean;
}) {
  const t = useDirectoryText();
  const { invite, inviting } = useInvitePartner();
  if (isPreferredPartner)
    return (
      <Badge
        variant="light"
        color="green"
        radius="sm"
        tt="none"
        leftSection={<IconHeartHandshake size={14} aria-hidden />}
      >
        {t('invite.preferred')}
      </Badge>
    );
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconUserPlus size={14} aria-hidden />}
      loading={inviting === companyId}
      onClick={() => void invite(companyId, name)}
      aria-label={t('invite.buttonOf', { name })}
      styles={{ label: { whiteSpace: 'nowrap' } }}
    >
      {t('invite.button')}
    </Button>
  );
}
