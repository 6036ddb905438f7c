import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateFleetRecord, type FleetRecordOf, type FleetUpdateOf } from '../api/fleet-api';
import type { FleetKind } from '../api/fleet-keys';
import type { FleetStage } from '../fleet-stages';
import { useFleetText } from '../text';
import { fieldErrorsOf } from './fleet-wizard';
import { StageForm } from './stage-form';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Saved values as label and value pairs. */
export function DetailList({ items }: { items: Detail[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * One wizard stage of a saved record: its values, and Edit to change them. Saving sends only this
 * section's fields (PATCH); the server's messages appear under the fields.
 */
export function EditSection<K extends FleetKind>({
  kind,
  record,
  stage,
  children,
}: {
  kind: K;
  record: FleetRecordOf[K];
  stage: FleetStage<FleetRecordOf[K]>;
  /** The saved values, shown while not editing. */
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const update = useUpdateFleetRecord(kind, record.id);
  const titleId = useId();
  const t = useFleetText();
  const section = t(stage.label);

  async function save(output: FieldValues) {
    try {
      await update.mutateAsync(output as FleetUpdateOf[K]);
      notifySuccess(t('section.saved', { section }));
      setServerErrors([]);
      setEditing(false);
    } catch (error) {
      setServerErrors(
        fieldErrorsOf(error).filter((e) => stage.fields.includes(e.field.split('.')[0] ?? e.field)),
      );
      notifyError(error, t('section.notSaved', { section }));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {section}
        </Title>
        {editing ? null : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={() => setEditing(true)}
            aria-label={t('section.editAria', { section: section.toLowerCase() })}
          >
            {t('common.edit')}
          </Button>
        )}
      </Group>
      {editing ? (
        <StageForm
          schema={stage.schema}
          defaultValues={stage.values(record)}
          serverErrors={serverErrors}
          onSave={save}
          labelledBy={titleId}
          actions={({ saving }) => (
            <Group justify="flex-end" mt="lg" gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  setServerErrors([]);
                  setEditing(false);
                }}
                disabled={saving}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        >
          <stage.Fields />
        </StageForm>
      ) : (
        <Stack gap="sm">{children}</Stack>
      )}
    </Card>
  );
}
