import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { AdminTrackingCompany, TrackingProviderKind } from '@freightlane/domain';
import { IconPencil, IconRadar } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList } from '../../../components/empty-list';
import { ListSkeleton } from '../../../components/list-skeleton';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTrackingCompanies, useUpdateTrackingCompany } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';
import { TrackingCompanyDialog } from '../components/tracking-company-dialog';

const KIND_LABELS: Record<TrackingProviderKind, string> = {
  TRACCAR: 'Traccar server',
  DRIVER_PHONE: "Drivers' phones",
  SIMULATOR: 'Simulator',
};

function accountsText(count: number): string {
  if (count === 0) return 'No tracking accounts use it';
  return count === 1 ? '1 tracking account uses it' : `${count} tracking accounts use it`;
}

function CompanyCard({ company }: { company: AdminTrackingCompany }) {
  const update = useUpdateTrackingCompany();
  const [editing, setEditing] = useState(false);
  const [askingOff, setAskingOff] = useState(false);

  async function setActive(active: boolean) {
    try {
      await update.mutateAsync({ id: company.id, body: { active } });
      notifySuccess(
        active ? `${company.name} is offered to transporters again.` : `${company.name} is turned off.`,
      );
    } catch (error) {
      notifyError(error, `${company.name} not changed`);
    } finally {
      setAskingOff(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="li">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="lg">
            {company.name}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {KIND_LABELS[company.kind]}
          </Badge>
        </Group>
        <Text size="sm">{company.description}</Text>
        <Text size="xs" c="dimmed">
          {company.code} · {accountsText(company.accountCount)}
        </Text>
        <Group justify="space-between" mt="auto" gap="sm">
          <Switch
            label="Offered to transporters"
            checked={company.active}
            disabled={update.isPending}
            onChange={(event) => {
              if (event.currentTarget.checked) void setActive(true);
              else setAskingOff(true);
            }}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            aria-label={`Edit ${company.name}`}
          >
            Edit
          </Button>
        </Group>
      </Stack>
      <TrackingCompanyDialog company={company} opened={editing} onClose={() => setEditing(false)} />
      <NoticeDialog
        opened={askingOff}
        title={`Turn off ${company.name}?`}
        buttons="yes-no"
        destructive
        confirming={update.isPending}
        onClose={() => setAskingOff(false)}
        onConfirm={() => void setActive(false)}
      >
        Transporters can no longer add tracking accounts with it. The accounts they already have keep working
        until they remove them.
      </NoticeDialog>
    </Card>
  );
}

/** /admin/reference/tracking-companies: the tracking providers, their wording and whether they are offered. */
export function TrackingCompaniesPage() {
  usePageTitle('Tracking companies');
  const companies = useAdminTrackingCompanies();
  return (
    <>
      <ReferenceNav current="Tracking companies" />
      <PageHeader
        title="Tracking companies"
        description="The providers transporters follow their trucks through. Adding a kind of provider needs a new release of Freightlane."
      />
      <QueryList
        query={companies}
        skeleton={<ListSkeleton label="Loading tracking companies" rows={3} height={160} />}
        failure="Could not load the tracking companies"
        empty={
          <EmptyList icon={IconRadar}>
            No tracking companies yet. They are added when Freightlane starts; restart it or ask support.
          </EmptyList>
        }
      >
        {(rows) => (
          <SimpleGrid
            cols={{ base: 1, md: 2, xl: 3 }}
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {rows.map((company) => (
              <CompanyCard key={company.id} company={company} />
            ))}
          </SimpleGrid>
        )}
      </QueryList>
    </>
  );
}
