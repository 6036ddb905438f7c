import { Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import type { AdminShippingLine } from '@freightlane/domain';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminShippingLine, useUpdateShippingLine } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';
import { RetireButton } from '../components/retire-button';
import { RenameShippingLineDialog } from '../components/shipping-line-dialog';
import { TariffForm } from '../components/tariff-form';

function LineDetail({ line }: { line: AdminShippingLine }) {
  const update = useUpdateShippingLine(line.id);
  const [renaming, setRenaming] = useState(false);
  return (
    <>
      <PageHeader
        title={line.name}
        description={`Code ${line.code} · ${line.active ? 'Offered for new orders' : 'Retired: not offered for new orders'}`}
        action={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <RetireButton
              name={line.name}
              active={line.active}
              consequence="Customers can no longer choose it for new orders. Orders and trips that name it keep showing it, and you can bring it back at any time."
              onChange={(active) => update.mutateAsync({ active })}
            />
          </Group>
        }
      />
      <TariffForm key={line.tariffs.map((t) => t.updatedAt).join()} line={line} />
      <RenameShippingLineDialog line={line} opened={renaming} onClose={() => setRenaming(false)} />
    </>
  );
}

/** /admin/reference/shipping-lines/:shippingLineId: the line, its tariffs per size, Rename and Retire. */
export function ShippingLinePage() {
  const { shippingLineId = '' } = useParams();
  const line = useAdminShippingLine(shippingLineId);
  usePageTitle(line.data?.name ?? 'Shipping line');

  return (
    <Stack gap="sm">
      <ReferenceNav current="Shipping lines" />
      <Anchor component={Link} to={PATHS.adminShippingLines} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All shipping lines
        </Group>
      </Anchor>
      {line.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the shipping line">
          <Skeleton h={36} w="50%" />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : line.isError ? (
        <QueryError
          error={line.error}
          onRetry={() => void line.refetch()}
          title="Could not load the shipping line"
        />
      ) : (
        <LineDetail line={line.data} />
      )}
    </Stack>
  );
}
