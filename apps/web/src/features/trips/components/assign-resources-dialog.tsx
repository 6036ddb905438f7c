import { Alert, Anchor, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  assignResourcesRequest,
  formatNigerianPhone,
  changeResourcesRequest,
  type Driver,
  type MotorBoy,
  type Truck,
  type TripDetail,
} from '@freightlane/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
} from '../../../components/form-dialog';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { useAvailableFleet } from '../../fleet';
import { useAssignResources, useChangeResources } from '../api/trip-detail-api';
import { useTripComponentsText } from './text';

export type AssignMode = 'assign' | 'change';

interface Choice {
  value: string;
  label: string;
}

const truckChoice =
  (label: Label) =>
  (truck: Pick<Truck, 'id' | 'registrationNumber' | 'make' | 'model' | 'type'>): Choice => ({
    value: truck.id,
    label: `${truck.registrationNumber} · ${truck.make} ${truck.model} · ${label('truckType', truck.type)}`,
  });
const personChoice = (person: Pick<Driver | MotorBoy, 'id' | 'firstName' | 'lastName' | 'phoneNumber'>) => ({
  value: person.id,
  label: `${person.firstName} ${person.lastName} · ${formatNigerianPhone(person.phoneNumber)}`,
});

/** The free ones, plus the one on this trip now (it is not "available", being on this very trip). */
function withCurrent(choices: Choice[], current: Choice | null): Choice[] {
  if (!current || choices.some((choice) => choice.value === current.value)) return choices;
  return [current, ...choices];
}

/**
 * Puts a truck, a driver and (optionally) a motor boy on the trip: the first time through the consignment
 * (PUT assign-resources), afterwards as a change (PATCH resources), e.g. a replacement after a breakdown.
 * Only active people and trucks not on another live trip are offered.
 */
export function AssignResourcesDialog({
  trip,
  mode,
  opened,
  onClose,
}: { trip: TripDetail; mode: AssignMode } & DialogProps) {
  const t = useTripComponentsText();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={mode === 'assign' ? t('assign.titleAssign') : t('assign.titleChange')}
      size="lg"
    >
      {(onBusy) => <AssignForm trip={trip} mode={mode} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function NoneFree({ message, to, add }: { message: string; to: string; add: string }) {
  return (
    <Text size="sm" c="orange.9">
      {message}{' '}
      <Anchor component={Link} to={to} size="sm">
        {add}
      </Anchor>
    </Text>
  );
}

function AssignForm({
  trip,
  mode,
  onDone,
  onBusy,
}: { trip: TripDetail; mode: AssignMode } & DialogFormProps) {
  const t = useTripComponentsText();
  const label = useLabels();
  const current = trip.resources;
  const trucks = useAvailableFleet('trucks', true);
  const drivers = useAvailableFleet('drivers', true);
  const motorBoys = useAvailableFleet('motorBoys', true);
  const assign = useAssignResources(trip.consignment.id);
  const change = useChangeResources(trip.id);
  const [truckId, setTruckId] = useState<string | null>(current.truck?.id ?? null);
  const [driverId, setDriverId] = useState<string | null>(current.driver?.id ?? null);
  const [motorBoyId, setMotorBoyId] = useState<string | null>(current.motorBoy?.id ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const loading = trucks.isPending || drivers.isPending || motorBoys.isPending;
  const failed = trucks.error ?? drivers.error ?? motorBoys.error;

  const truckChoices = withCurrent(
    (trucks.data?.content ?? []).map(truckChoice(label)),
    current.truck ? truckChoice(label)(current.truck) : null,
  );
  const driverChoices = withCurrent(
    (drivers.data?.content ?? []).map(personChoice),
    current.driver
      ? {
          value: current.driver.id,
          label: `${current.driver.name} · ${formatNigerianPhone(current.driver.phoneNumber)}`,
        }
      : null,
  );
  const motorBoyChoices = withCurrent(
    (motorBoys.data?.content ?? []).map(personChoice),
    current.motorBoy
      ? {
          value: current.motorBoy.id,
          label: `${current.motorBoy.name} · ${formatNigerianPhone(current.motorBoy.phoneNumber)}`,
        }
      : null,
  );

  function request(): { ok: true; send: () => Promise<unknown> } | { ok: false; message: string } {
    if (mode === 'assign') {
      const parsed = assignResourcesRequest.safeParse({
        truckId: truckId ?? undefined,
        driverId: driverId ?? undefined,
        ...(motorBoyId ? { motorBoyId } : {}),
      });
      if (!parsed.success)
        return { ok: false, message: parsed.error.issues[0]?.message ?? t('assign.checkChoices') };
      return { ok: true, send: () => assign.mutateAsync(parsed.data) };
    }
    const body: Record<string, string | null> = {};
    if (truckId && truckId !== current.truck?.id) body.truckId = truckId;
    if (driverId && driverId !== current.driver?.id) body.driverId = driverId;
    if ((motorBoyId ?? null) !== (current.motorBoy?.id ?? null)) body.motorBoyId = motorBoyId;
    const parsed = changeResourcesRequest.safeParse(body);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? t('assign.checkChoices') };
    return { ok: true, send: () => change.mutateAsync(parsed.data) };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const built = request();
    if (!built.ok) {
      setProblem(built.message);
      return;
    }
    setProblem(null);
    setSending(true);
    onBusy(true);
    try {
      await built.send();
      notifySuccess(
        mode === 'assign'
          ? t('assign.assigned', { tripNumber: trip.tripNumber })
          : t('assign.changed', { tripNumber: trip.tripNumber }),
      );
      onDone();
    } catch (error) {
      // A 409 (the truck or driver went to another trip meanwhile) is shown here, where a new choice is made.
      setProblem(errorMessage(error));
      void trucks.refetch();
      void drivers.refetch();
      void motorBoys.refetch();
    } finally {
      setSending(false);
      onBusy(false);
    }
  }

  if (failed)
    return (
      <QueryError
        error={failed}
        title={t('assign.fleetError')}
        onRetry={() => {
          void trucks.refetch();
          void drivers.refetch();
          void motorBoys.refetch();
        }}
      />
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {loading ? (
        <Stack gap="md" role="status" aria-label={t('assign.loadingFleet')}>
          <Skeleton h={56} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('assign.hint')}
          </Text>
          <Select
            label={t('assign.truck')}
            withAsterisk
            searchable
            placeholder={t('assign.chooseTruck')}
            data={truckChoices}
            value={truckId}
            onChange={setTruckId}
            allowDeselect={false}
            nothingFoundMessage={t('assign.noTruckByPlate')}
          />
          {truckChoices.length === 0 ? (
            <NoneFree message={t('assign.noTruckFree')} to={PATHS.newTruck} add={t('assign.addTruck')} />
          ) : null}
          <Select
            label={t('assign.driver')}
            withAsterisk
            searchable
            placeholder={t('assign.chooseDriver')}
            data={driverChoices}
            value={driverId}
            onChange={setDriverId}
            allowDeselect={false}
            nothingFoundMessage={t('assign.noDriverByName')}
          />
          {driverChoices.length === 0 ? (
            <NoneFree message={t('assign.noDriverFree')} to={PATHS.newDriver} add={t('assign.addDriver')} />
          ) : null}
          <Select
            label={t('assign.motorBoy')}
            searchable
            clearable
            placeholder={
              motorBoyChoices.length === 0 ? t('assign.noMotorBoyFree') : t('assign.chooseMotorBoy')
            }
            data={motorBoyChoices}
            value={motorBoyId}
            onChange={setMotorBoyId}
            nothingFoundMessage={t('assign.noMotorBoyByName')}
          />
          {problem ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <DialogActions
            onCancel={onDone}
            sending={sending}
            submitLabel={mode === 'assign' ? t('assign.assign') : t('assign.saveChanges')}
            submitDisabled={!truckId || !driverId}
          />
        </Stack>
      )}
    </form>
  );
}
