import { Anchor, Card, Group, Skeleton, Stack } from '@mantine/core';
import { TERMINAL_KIND_LABELS, type AdminTerminal } from '@freightlane/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { notifySuccess } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTerminal, useUpdateTerminal } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';
import { RetireButton } from '../components/retire-button';
import { TerminalForm } from '../components/terminal-form';

function TerminalDetail({ terminal }: { terminal: AdminTerminal }) {
  const update = useUpdateTerminal(terminal.id);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={terminal.name}
        description={`${TERMINAL_KIND_LABELS[terminal.kind]} · ${terminal.code} · ${
          terminal.active ? 'Offered for new orders' : 'Retired: not offered for new orders'
        }`}
        action={
          <RetireButton
            name={terminal.name}
            active={terminal.active}
            consequence="Customers can no longer choose it for new orders. Orders and trips that name it keep showing it, and you can bring it back at any time."
            onChange={(active) => update.mutateAsync({ active })}
          />
        }
      />
      <Card withBorder radius="md" padding="lg">
        <TerminalForm
          // A saved change starts the form again from what the server kept.
          key={JSON.stringify(terminal)}
          terminal={terminal}
          submitLabel="Save changes"
          failTitle="Terminal not saved"
          onCancel={() => void navigate(PATHS.adminTerminals)}
          onSave={async ({ code: _code, ...change }) => {
            const saved = await update.mutateAsync(change);
            notifySuccess(`${saved.name} is saved.`);
          }}
        />
      </Card>
    </>
  );
}

/** /admin/reference/terminals/:terminalId: change a terminal's details, retire it or bring it back. */
export function TerminalPage() {
  const { terminalId = '' } = useParams();
  const terminal = useAdminTerminal(terminalId);
  usePageTitle(terminal.data?.name ?? 'Terminal');

  return (
    <Stack gap="sm">
      <ReferenceNav current="Terminals" />
      <Anchor component={Link} to={PATHS.adminTerminals} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All terminals
        </Group>
      </Anchor>
      {terminal.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the terminal">
          <Skeleton h={36} w="50%" />
          <Skeleton h={420} radius="md" />
        </Stack>
      ) : terminal.isError ? (
        <QueryError
          error={terminal.error}
          onRetry={() => void terminal.refetch()}
          title="Could not load the terminal"
        />
      ) : (
        <TerminalDetail terminal={terminal.data} />
      )}
    </Stack>
  );
}
