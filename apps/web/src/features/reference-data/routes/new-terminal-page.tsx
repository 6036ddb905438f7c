import { Anchor, Card, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { notifySuccess } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateTerminal } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';
import { TerminalForm } from '../components/terminal-form';

/** /admin/reference/terminals/new: adds a terminal, holding bay or inland depot. */
export function NewTerminalPage() {
  usePageTitle('Add a terminal');
  const create = useCreateTerminal();
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <ReferenceNav current="Terminals" />
      <Anchor component={Link} to={PATHS.adminTerminals} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All terminals
        </Group>
      </Anchor>
      <PageHeader
        title="Add a terminal"
        description="Customers can choose it for new orders as soon as it is saved."
      />
      <Card withBorder radius="md" padding="lg">
        <TerminalForm
          terminal={null}
          submitLabel="Add terminal"
          failTitle="Terminal not added"
          onCancel={() => void navigate(PATHS.adminTerminals)}
          onSave={async (values) => {
            const terminal = await create.mutateAsync(values);
            notifySuccess(`${terminal.name} is added.`);
            void navigate(PATHS.adminTerminal(terminal.id), { replace: true });
          }}
        />
      </Card>
    </Stack>
  );
}
