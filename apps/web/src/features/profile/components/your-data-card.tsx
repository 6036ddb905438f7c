import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownload } from '../../../lib/use-download';
import { downloadMyData } from '../api/data-rights-api';
import { useProfileText } from '../text';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The person's rights over their data (Nigeria Data Protection Act 2023): a copy of it, and erasure. */
export function YourDataCard({ companyName }: { companyName: string }) {
  const t = useProfileText();
  const { downloading, download } = useDownload();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="xs">
        {t('yourData.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('yourData.text', { companyName })}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={() => void download(downloadMyData)}
        >
          {t('yourData.download')}
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          {t('yourData.delete')}
        </Button>
      </Group>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} companyName={companyName} />
    </Card>
  );
}
