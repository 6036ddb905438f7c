import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  createTerminalRequest,
  isLgaOfState,
  latitudeField,
  longitudeField,
  REFERENCE_CODE_MAX,
  REFERENCE_NAME_MAX,
  TERMINAL_KIND_LABELS,
  TERMINAL_KINDS,
  terminalFields,
  type AdminTerminal,
  type TerminalKind,
} from '@freightlane/domain';
import { useMemo } from 'react';
import { Controller, FormProvider, useForm, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { StateLgaFormFields } from '../../../components/state-lga-fields';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';

const BOTH_OR_NEITHER = 'Give both latitude and longitude, or neither';

/** A coordinate as typed: blank (unknown), or the number the domain's range accepts (else undefined). */
function readCoordinate(
  text: string,
  field: typeof latitudeField | typeof longitudeField,
  ctx?: z.RefinementCtx,
) {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const checked = field.safeParse(/^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN);
  if (checked.success) return checked.data;
  ctx?.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  return undefined;
}

/** A coordinate field checked on its own, so its message shows while other fields are still empty. */
const coordinateText = (field: typeof latitudeField | typeof longitudeField) =>
  z.string().superRefine((text, ctx) => void readCoordinate(text, field, ctx));

/**
 * The terminal form: the domain's fields as typed (the state and LGA under `place`, as the address
 * fields hold them, and the coordinates as text), read into the API's request. A new terminal's code
 * is checked too; an existing one's never changes.
 */
function terminalFormSchema(isNew: boolean) {
  return z
    .object({
      code: isNew ? createTerminalRequest.shape.code : z.string(),
      name: terminalFields.name,
      operator: terminalFields.operator,
      kind: terminalFields.kind,
      port: terminalFields.port,
      city: terminalFields.city,
      place: z.object({ state: terminalFields.state, lga: terminalFields.lga }),
      latitude: coordinateText(latitudeField),
      longitude: coordinateText(longitudeField),
    })
    .superRefine((values, ctx) => {
      if (!isLgaOfState(values.place.state, values.place.lga)) {
        ctx.addIssue({
          code: 'custom',
          path: ['place', 'lga'],
          message: `Choose an LGA of ${values.place.state}`,
        });
      }
      const latitude = readCoordinate(values.latitude, latitudeField);
      const longitude = readCoordinate(values.longitude, longitudeField);
      if (latitude === null && typeof longitude === 'number') {
        ctx.addIssue({ code: 'custom', path: ['latitude'], message: BOTH_OR_NEITHER });
      }
      if (longitude === null && typeof latitude === 'number') {
        ctx.addIssue({ code: 'custom', path: ['longitude'], message: BOTH_OR_NEITHER });
      }
    })
    .transform(({ place, latitude, longitude, ...rest }) => ({
      ...rest,
      state: place.state,
      lga: place.lga,
      latitude: readCoordinate(latitude, latitudeField) ?? null,
      longitude: readCoordinate(longitude, longitudeField) ?? null,
    }));
}

export type TerminalFormValues = z.input<ReturnType<typeof terminalFormSchema>>;
export type TerminalFormResult = z.output<ReturnType<typeof terminalFormSchema>>;

export function terminalFormValues(terminal: AdminTerminal | null): TerminalFormValues {
  return {
    code: terminal?.code ?? '',
    name: terminal?.name ?? '',
    operator: terminal?.operator ?? '',
    kind: (terminal?.kind ?? '') as TerminalKind,
    port: terminal?.port ?? '',
    city: terminal?.city ?? '',
    place: {
      // An empty choice until one is picked; the schema then asks for one of the states.
      state: (terminal?.state ?? '') as TerminalFormValues['place']['state'],
      lga: terminal?.lga ?? '',
    },
    latitude: terminal?.latitude === null || terminal === null ? '' : String(terminal.latitude),
    longitude: terminal?.longitude === null || terminal === null ? '' : String(terminal.longitude),
  };
}

const FORM_FIELD_OF: Record<string, Path<TerminalFormValues>> = {
  code: 'code',
  name: 'name',
  operator: 'operator',
  kind: 'kind',
  port: 'port',
  city: 'city',
  state: 'place.state',
  lga: 'place.lga',
  latitude: 'latitude',
  longitude: 'longitude',
};

/** Puts the server's messages under their inputs: the API's state and lga are the form's place fields. */
function placeServerErrors(error: unknown, setError: UseFormSetError<TerminalFormValues>): void {
  if (!(error instanceof ApiError)) return;
  let placed = false;
  for (const { field, message } of error.errors) {
    const formField = FORM_FIELD_OF[field];
    if (!formField) continue;
    setError(formField, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
}

const KIND_OPTIONS = TERMINAL_KINDS.map((kind) => ({ value: kind, label: TERMINAL_KIND_LABELS[kind] }));

/**
 * Adds a terminal (`terminal` null) or changes one. `onSave` sends the request; a refusal shows as a
 * toast titled `failTitle` with the server's message, and under the fields it names.
 */
export function TerminalForm({
  terminal,
  submitLabel,
  failTitle,
  onSave,
  onCancel,
}: {
  terminal: AdminTerminal | null;
  submitLabel: string;
  failTitle: string;
  onSave: (values: TerminalFormResult) => Promise<void>;
  onCancel: () => void;
}) {
  const isNew = terminal === null;
  const schema = useMemo(() => terminalFormSchema(isNew), [isNew]);
  const form = useForm<TerminalFormValues, unknown, TerminalFormResult>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: terminalFormValues(terminal),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      placeServerErrors(error, setError);
      notifyError(error, failTitle);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="xl">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Terminal
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Name"
                withAsterisk
                maxLength={REFERENCE_NAME_MAX}
                placeholder="e.g. APM Terminals Apapa"
                error={errors.name?.message}
                {...register('name')}
              />
              {terminal ? (
                <TextInput label="Code" value={terminal.code} readOnly description="A code never changes." />
              ) : (
                <TextInput
                  label="Code"
                  withAsterisk
                  maxLength={REFERENCE_CODE_MAX}
                  autoCapitalize="characters"
                  placeholder="e.g. APMT-APAPA"
                  description="A short, permanent key: letters, digits and dashes."
                  error={errors.code?.message}
                  {...register('code')}
                />
              )}
              <TextInput
                label="Operator"
                withAsterisk
                maxLength={REFERENCE_NAME_MAX}
                placeholder="e.g. APM Terminals"
                description="Shown with the city wherever a trip names this place."
                error={errors.operator?.message}
                {...register('operator')}
              />
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <Select
                    label="Kind"
                    withAsterisk
                    placeholder="Choose one"
                    data={KIND_OPTIONS}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    allowDeselect={false}
                    error={errors.kind?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              Place
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Port"
                withAsterisk
                maxLength={80}
                placeholder="e.g. Apapa, Tin Can Island, Onne"
                error={errors.port?.message}
                {...register('port')}
              />
              <TextInput
                label="City"
                withAsterisk
                maxLength={80}
                error={errors.city?.message}
                {...register('city')}
              />
              <StateLgaFormFields name="place" required />
            </SimpleGrid>
          </Stack>

          <Stack gap="md">
            <div>
              <Title order={2} fz="lg">
                Gate position
              </Title>
              <Text size="sm" c="dimmed">
                Where trucks arrive, for the geofence that records arrivals. Leave both empty when not known.
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Latitude"
                inputMode="decimal"
                placeholder="e.g. 6.4453"
                description="Between 4 and 14 in Nigeria"
                error={errors.latitude?.message}
                {...register('latitude')}
              />
              <TextInput
                label="Longitude"
                inputMode="decimal"
                placeholder="e.g. 3.3636"
                description="Between 2.5 and 15 in Nigeria"
                error={errors.longitude?.message}
                {...register('longitude')}
              />
            </SimpleGrid>
          </Stack>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
