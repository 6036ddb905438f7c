import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownload } from '../../../lib/use-download';
import { downloadMyData } from '../api/data-rights-api';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The person's rights over their data (Nigeria Data Protection Act 2023): a copy of it, and erasure. */
export function YourDataCard({ companyName }: { companyName: string }) {
  const { downloading, download } = useDownload();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="xs">
        Your data
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Download everything Freightlane holds about you as a JSON file, or delete your account. Deleting it
        erases your personal details; {companyName} keeps its business records.
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={() => void download(downloadMyData)}
        >
          Download my data
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </Button>
      </Group>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} companyName={companyName} />
    </Card>
  );
}
