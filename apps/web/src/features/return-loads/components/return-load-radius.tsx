import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import {
  MAX_RETURN_LOAD_RADIUS_KM,
  MIN_RETURN_LOAD_RADIUS_KM,
  RETURN_LOAD_MATCHES_PER_TRIP,
  RETURN_LOAD_WINDOW_DAYS,
  returnLoadSettingsRequest,
  type ReturnLoadSettingsRequest,
} from '@freightlane/domain';
import { Controller, useForm } from 'react-hook-form';
import { useActionError } from '../../../components/action-error';
import { QueryError } from '../../../components/query-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useReturnLoadSettings, useSaveReturnLoadSettings } from '../api/return-loads-api';
import { useReturnLoadsText } from '../text';

/** An input's height, so the words either side of the number sit on its line. */
const INPUT_LINE = '36px';

function RadiusSkeleton() {
  const t = useReturnLoadsText();
  return <Skeleton h={36} w={360} maw="100%" role="status" aria-label={t('radius.loading')} />;
}

/** "Look within [50] km of each delivery", with Save: the transporter's owner account sets the radius. */
function RadiusForm() {
  const t = useReturnLoadsText();
  const settings = useReturnLoadSettings(true);
  const save = useSaveReturnLoadSettings();
  const showActionError = useActionError();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ReturnLoadSettingsRequest>({
    resolver: zodResolver(returnLoadSettingsRequest),
    mode: 'onTouched',
    // Follows the saved setting, so the field shows what the server holds after each save.
    values: settings.data ? { radiusKm: settings.data.radiusKm } : undefined,
  });

  if (settings.isError) {
    return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <RadiusSkeleton />;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(t('radius.saved', { radius: saved.radiusKm }));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['radiusKm'])) showActionError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Text lh={INPUT_LINE}>{t('radius.before')}</Text>
          <Controller
            control={control}
            name="radiusKm"
            render={({ field, fieldState }) => (
              <NumberInput
                aria-label={t('radius.label')}
                w={96}
                min={MIN_RETURN_LOAD_RADIUS_KM}
                max={MAX_RETURN_LOAD_RADIUS_KM}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
              />
            )}
          />
          <Text lh={INPUT_LINE}>{t('radius.after')}</Text>
          <Button type="submit" loading={isSubmitting}>
            {t('radius.save')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('radius.hint', { min: MIN_RETURN_LOAD_RADIUS_KM, max: MAX_RETURN_LOAD_RADIUS_KM })}
        </Text>
      </Stack>
    </form>
  );
}

/** A fleet manager reads the radius the owner account set; the API refuses them the setting. */
function RadiusReadOnly({ radiusKm }: { radiusKm: number | undefined }) {
  const t = useReturnLoadsText();
  if (radiusKm === undefined) return <RadiusSkeleton />;
  return (
    <Stack gap={4}>
      <Text fw={500}>{t('radius.readOnly', { radius: radiusKm })}</Text>
      <Text size="xs" c="dimmed">
        {t('radius.ownerOnly')}
      </Text>
    </Stack>
  );
}

/**
 * The top of the Return loads page: how far from each delivery to look (set by the transporter's owner
 * account, read by its fleet managers) and how the matches are found, in the domain's own figures.
 */
export function ReturnLoadRadius({
  canEdit,
  radiusKm,
}: {
  canEdit: boolean;
  /** The radius the listed matches were found with, once the page has loaded. */
  radiusKm: number | undefined;
}) {
  const t = useReturnLoadsText();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        {canEdit ? <RadiusForm /> : <RadiusReadOnly radiusKm={radiusKm} />}
        {radiusKm === undefined ? null : (
          <Text size="sm" c="dimmed">
            {t('radius.how', {
              radius: radiusKm,
              days: RETURN_LOAD_WINDOW_DAYS,
              max: RETURN_LOAD_MATCHES_PER_TRIP,
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
