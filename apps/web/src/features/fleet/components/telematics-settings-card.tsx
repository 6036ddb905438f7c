import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  ARRIVAL_MODES,
  trackingSettingsSchema,
  type TrackingAlarm,
  type TrackingSettings,
} from '@freightlane/domain';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { QueryError } from '../../../components/query-error';
import { useLabels } from '../../../i18n/labels/labels';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveTrackingSettings, useTrackingSettings } from '../api/telematics-api';
import { useFleetText, type FleetKey } from '../text';

const FIELDS = Object.keys(trackingSettingsSchema.shape) as (keyof TrackingSettings)[];

type NumberField = {
  [K in keyof TrackingSettings]: TrackingSettings[K] extends number ? K : never;
}[keyof TrackingSettings];

function NumberField({
  control,
  name,
  label,
  suffix,
  min,
  max,
  disabled,
}: {
  control: Control<TrackingSettings>;
  name: NumberField;
  label: string;
  suffix?: string;
  min: number;
  max: number;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          suffix={suffix}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          disabled={disabled}
          value={field.value}
          onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

interface Threshold {
  name: NumberField;
  label: FleetKey;
  /** The unit written after the number. */
  suffix: FleetKey;
  min: number;
  max: number;
}

/** The alarms, each with its switch, what it means and its thresholds (bounds as in the shared schema). */
const ALARM_ROWS: {
  name: 'diversionAlerts' | 'stopAlerts' | 'nightAlerts' | 'silenceAlerts';
  alarm: TrackingAlarm;
  description: FleetKey;
  thresholds: Threshold[];
}[] = [
  {
    name: 'diversionAlerts',
    alarm: 'DIVERSION',
    description: 'settings.diversion',
    thresholds: [
      { name: 'minCorridorKm', label: 'settings.minCorridor', suffix: 'settings.km', min: 1, max: 50 },
    ],
  },
  {
    name: 'stopAlerts',
    alarm: 'LONG_STOP',
    description: 'settings.longStop',
    thresholds: [
      { name: 'stopMinutes', label: 'settings.stopMinutes', suffix: 'settings.minutes', min: 15, max: 1440 },
    ],
  },
  {
    name: 'nightAlerts',
    alarm: 'NIGHT_MOVEMENT',
    description: 'settings.night',
    thresholds: [
      { name: 'nightFromHour', label: 'settings.nightFrom', suffix: 'settings.hour', min: 0, max: 23 },
      { name: 'nightToHour', label: 'settings.nightTo', suffix: 'settings.hour', min: 0, max: 23 },
    ],
  },
  {
    name: 'silenceAlerts',
    alarm: 'TRACKING_LOST',
    description: 'settings.silence',
    thresholds: [
      {
        name: 'silenceMinutes',
        label: 'settings.silenceMinutes',
        suffix: 'settings.minutes',
        min: 15,
        max: 1440,
      },
    ],
  },
];

/** One alarm: its switch, what it means, and its thresholds (greyed while it is off). */
function AlarmRow({
  control,
  name,
  title,
  description,
  on,
  children,
}: {
  control: Control<TrackingSettings>;
  name: (typeof ALARM_ROWS)[number]['name'];
  title: string;
  description: string;
  on: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            label={title}
            description={description}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      {children && on ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" pl={{ base: 0, xs: 54 }}>
          {children}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/**
 * How the company's trucks are watched: whether a truck entering its pickup or delivery geofence records
 * the arrival or proposes it, and the alarms that open a trip issue by themselves.
 */
export function TelematicsSettingsCard() {
  const t = useFleetText();
  const label = useLabels();
  const settings = useTrackingSettings();
  const save = useSaveTrackingSettings();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { isSubmitting, isDirty },
  } = useForm<TrackingSettings>({
    resolver: zodResolver(trackingSettingsSchema),
    mode: 'onTouched',
  });
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await save.mutateAsync(values));
      notifySuccess(t('settings.saved'));
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      notifyError(error, t('settings.notSaved'));
    }
  });

  const body = settings.isError ? (
    <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
  ) : !settings.data ? (
    <Skeleton height={320} aria-label={t('settings.loading')} />
  ) : (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Controller
          control={control}
          name="arrivalMode"
          render={({ field }) => (
            <Radio.Group
              label={t('settings.arrival')}
              description={t('settings.arrivalHint')}
              value={field.value}
              onChange={field.onChange}
            >
              <Stack gap="xs" mt="xs">
                {ARRIVAL_MODES.map((mode) => (
                  <Radio key={mode} value={mode} label={label('arrivalMode', mode)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            control={control}
            name="geofenceRadiusM"
            label={t('settings.geofence')}
            suffix={t('settings.metres')}
            min={200}
            max={5000}
          />
        </SimpleGrid>
        <Title order={3} fz="md">
          {t('settings.alarms')}
        </Title>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('settings.alarmsIntro')}
        </Text>
        {ALARM_ROWS.map((row) => (
          <AlarmRow
            key={row.name}
            control={control}
            name={row.name}
            title={label('trackingAlarm', row.alarm)}
            description={t(row.description)}
            on={watch(row.name)}
          >
            {row.thresholds.map((threshold) => (
              <NumberField
                key={threshold.name}
                control={control}
                name={threshold.name}
                label={t(threshold.label)}
                suffix={t(threshold.suffix)}
                min={threshold.min}
                max={threshold.max}
              />
            ))}
          </AlarmRow>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tracking-settings-title">
      <Title order={2} fz="lg" id="tracking-settings-title" mb="xs">
        {t('settings.title')}
      </Title>
      {body}
    </Card>
  );
}
