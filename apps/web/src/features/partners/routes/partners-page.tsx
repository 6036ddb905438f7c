import {
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PreferredPartner } from '@freightlane/domain';
import { IconHeartHandshake, IconPlus, IconSearch, IconTrash, IconZoomCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActionError } from '../../../components/action-error';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  useAddPreferredPartner,
  usePreferredPartners,
  useRemovePreferredPartner,
  useTransporterSearch,
} from '../api/partners-api';
import { usePartnersText } from '../text';

function NoPartnersYet() {
  const t = usePartnersText();
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconHeartHandshake size={26} />
        </ThemeIcon>
        <Title order={3} fz="md">
          {t('empty.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={460}>
          {t('empty.text')}
        </Text>
      </Stack>
    </Card>
  );
}

function PartnerList() {
  const t = usePartnersText();
  const partners = usePreferredPartners();
  const remove = useRemovePreferredPartner();
  const showActionError = useActionError();
  const [removing, setRemoving] = useState<PreferredPartner | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.transporterCompanyId);
      notifySuccess(t('list.removed', { name: removing.name }));
    } catch (error) {
      showActionError(error);
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="partners-title">
      <Title order={2} fz="lg" id="partners-title">
        {partners.data ? t('list.titleCounted', { count: partners.data.length }) : t('list.title')}
      </Title>
      <QueryList
        query={partners}
        skeleton={
          <Stack gap="sm" aria-label={t('list.loading')}>
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        }
        failure={t('list.loadFailed')}
        empty={<NoPartnersYet />}
      >
        {(rows) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((partner) => (
              <Card key={partner.transporterCompanyId} withBorder radius="md" padding="md" component="li">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {partner.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {partner.state
                        ? t('list.addedIn', { state: partner.state, addedOn: formatDate(partner.addedAt) })
                        : t('list.added', { addedOn: formatDate(partner.addedAt) })}
                    </Text>
                  </Stack>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setRemoving(partner)}
                    aria-label={t('list.removeOf', { name: partner.name })}
                  >
                    {t('list.remove')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryList>
      <NoticeDialog
        opened={removing !== null}
        title={t('removeDialog.title')}
        buttons="yes-no"
        destructive
        confirming={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        {removing ? t('removeDialog.text', { name: removing.name }) : ''}
      </NoticeDialog>
    </Stack>
  );
}

function AddPartner() {
  const t = usePartnersText();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 350);
  const transporters = useTransporterSearch(debounced);
  const add = useAddPreferredPartner();
  const showActionError = useActionError();
  const [adding, setAdding] = useState<string | null>(null);

  async function addPartner(id: string, name: string) {
    setAdding(id);
    try {
      await add.mutateAsync(id);
      notifySuccess(t('add.added', { name }));
    } catch (error) {
      showActionError(error);
    } finally {
      setAdding(null);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-partner-title">
      <Title order={2} fz="lg" id="add-partner-title" mb="sm">
        {t('add.title')}
      </Title>
      <TextInput
        label={t('add.search')}
        description={t('add.searchHint')}
        placeholder={t('add.searchExample')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={transporters.isFetching ? <Loader size="xs" aria-label={t('add.searching')} /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Stack gap="xs" mt="md" aria-live="polite">
        {/* No skeleton while the first search runs: the spinner in the search box says so. */}
        <QueryList
          query={transporters}
          skeleton={null}
          failure={t('add.searchFailed')}
          empty={
            <Text size="sm" c="dimmed">
              {debounced.trim() ? t('add.noMatch', { search: debounced.trim() }) : t('add.noneYet')}
            </Text>
          }
        >
          {(rows) => (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {rows.map((transporter) => (
                <Group key={transporter.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {transporter.name}
                    </Text>
                    {transporter.state ? (
                      <Text size="xs" c="dimmed">
                        {transporter.state}
                      </Text>
                    ) : null}
                  </Stack>
                  {transporter.preferred ? (
                    <Text size="xs" c="green.9" fw={600}>
                      {t('add.preferred')}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      loading={adding === transporter.id}
                      disabled={adding !== null && adding !== transporter.id}
                      onClick={() => void addPartner(transporter.id, transporter.name)}
                      aria-label={t('add.addOf', { name: transporter.name })}
                    >
                      {t('add.add')}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </QueryList>
      </Stack>
    </Card>
  );
}

/** /partners: the customer's preferred transporters, and finding new ones. */
export function PartnersPage() {
  const t = usePartnersText();
  usePageTitle(t('page.title'));
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        action={
          <Button
            component={Link}
            to={PATHS.transporters}
            variant="light"
            leftSection={<IconZoomCheck size={18} aria-hidden />}
          >
            {t('page.findTransporters')}
          </Button>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <PartnerList />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <AddPartner />
        </Grid.Col>
      </Grid>
    </>
  );
}
