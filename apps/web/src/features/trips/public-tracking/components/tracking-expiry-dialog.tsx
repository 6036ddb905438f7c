import { Button, Stack, Text } from '@mantine/core';
import {
  DAY_MS,
  lagosDateTimeInput,
  lagosIsoDateTime,
  lagosToday,
  setTrackingLinkExpiryRequest,
  TRACKING_LINK_MAX_DAYS,
  type TripDetail,
} from '@freightlane/domain';
import { useState, type FormEvent } from 'react';
import { DateTimeField } from '../../../../components/date-field';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../../components/form-dialog';
import { ApiError } from '../../../../lib/api';
import { notifySuccess } from '../../../../lib/notify';
import { useSetTrackingLinkExpiry } from '../api/public-tracking-api';
import { usePublicTrackingText } from '../text';

/** A week: long enough for most trips and the paperwork after them. */
const DEFAULT_DAYS = 7;

/** The expiry the form starts from: the link's own while it is ahead, else a week from now. */
function startingValue(expiresAt: string | null, now: number): string {
  const current = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return lagosDateTimeInput(new Date(current > now ? current : now + DEFAULT_DAYS * DAY_MS));
}

/** Sets when a trip's tracking link stops working, or makes it work for good. */
export function TrackingExpiryDialog({ trip, opened, onClose }: { trip: TripDetail } & DialogProps) {
  const t = usePublicTrackingText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('expiryDialog.title')}>
      {(onBusy) => <TrackingExpiryForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function TrackingExpiryForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const t = usePublicTrackingText();
  const setExpiry = useSetTrackingLinkExpiry(trip.id);
  const send = useDialogSubmit(onBusy);
  const [now] = useState(() => Date.now());
  const [value, setValue] = useState(() => startingValue(trip.trackingExpiresAt, now));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<'date' | 'never' | null>(null);

  async function save(expiresAt: string | null) {
    const checked = setTrackingLinkExpiryRequest.safeParse({ expiresAt });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? t('expiryDialog.unreadable'));
      return;
    }
    setProblem(null);
    setSending(expiresAt === null ? 'never' : 'date');
    await send(
      async () => {
        const link = await setExpiry.mutateAsync(checked.data);
        notifySuccess(link.expiresAt ? t('expiryDialog.saved') : t('expiryDialog.savedNever'));
        onDone();
      },
      // The server's reason belongs under the field it is about; anything else is a toast.
      (error) => {
        if (!(error instanceof ApiError && error.status === 400)) return false;
        setProblem(error.errors.find((e) => e.field === 'expiresAt')?.message ?? error.message);
        return true;
      },
    );
    setSending(null);
  }

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        // Unreadable text goes as typed, for the contract's own message.
        if (!sending) void save(value ? (lagosIsoDateTime(value) ?? value) : '');
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('expiryDialog.intro', { maxDays: TRACKING_LINK_MAX_DAYS })}</Text>
        <DateTimeField
          label={t('expiryDialog.field')}
          description={t('expiryDialog.fieldDescription')}
          minDate={lagosToday(new Date(now))}
          maxDate={lagosToday(new Date(now + TRACKING_LINK_MAX_DAYS * DAY_MS))}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (problem) setProblem(null);
          }}
          error={problem}
          data-autofocus
        />
        <DialogActions
          onCancel={onDone}
          sending={sending !== null}
          submitLabel={t('expiryDialog.save')}
          submitLoading={sending === 'date'}
          submitDisabled={sending === 'never'}
          aside={
            <Button
              variant="subtle"
              onClick={() => void save(null)}
              loading={sending === 'never'}
              disabled={sending === 'date'}
            >
              {t('expiryDialog.never')}
            </Button>
          }
        />
      </Stack>
    </form>
  );
}
