import { PasswordInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  TRACKING_AUTH_METHOD_LABELS,
  TRACKING_AUTH_METHODS,
  TRACKING_LABEL_MAX,
  type TrackingAuthMethod,
  type TrackingCompany,
  type TrackingCredential,
} from '@freightlane/domain';
import { Controller, useForm } from 'react-hook-form';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import {
  useSaveTrackingCredential,
  useTrackingCompanies,
  type SaveTrackingCredential,
} from '../api/telematics-api';

interface AccountValues {
  trackingCompanyId: string;
  label: string;
  baseUrl: string;
  authMethod: TrackingAuthMethod;
  username: string;
  password: string;
  token: string;
}

const FIELDS = [
  'trackingCompanyId',
  'label',
  'baseUrl',
  'authMethod',
  'username',
  'password',
  'token',
] as const;

/**
 * What to send: a new account sends every field its provider needs; a change sends only what changed,
 * and a password or token only when one was typed (the stored one is never shown, so blank keeps it).
 */
export function accountRequest(
  values: AccountValues,
  kind: TrackingCompany['kind'] | undefined,
  editing: TrackingCredential | null,
): SaveTrackingCredential {
  const traccar = kind === 'TRACCAR';
  const secret =
    values.authMethod === 'TOKEN'
      ? values.token.trim()
        ? { token: values.token.trim() }
        : {}
      : values.password
        ? { password: values.password }
        : {};
  const connection = traccar
    ? {
        baseUrl: values.baseUrl.trim(),
        authMethod: values.authMethod,
        ...(values.authMethod === 'PASSWORD' ? { username: values.username.trim() } : {}),
        ...secret,
      }
    : {};
  if (!editing) {
    return {
      id: null,
      body: { trackingCompanyId: values.trackingCompanyId, label: values.label.trim(), ...connection },
    };
  }
  const changed: Record<string, unknown> = {};
  if (values.label.trim() !== editing.label) changed.label = values.label.trim();
  for (const [key, value] of Object.entries(connection)) {
    const stored = (editing as unknown as Record<string, unknown>)[key];
    if (key === 'password' || key === 'token' || value !== stored) changed[key] = value;
  }
  return { id: editing.id, body: changed };
}

/** Adds an account at a tracking company, or changes one (`editing`). */
export function TelematicsAccountDialog({
  editing,
  opened,
  onClose,
}: { editing: TrackingCredential | null } & DialogProps) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? `Change ${editing.label}` : 'Add a tracking account'}
      size="lg"
    >
      {(onBusy) => <AccountForm editing={editing} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function AccountForm({ editing, onDone, onBusy }: { editing: TrackingCredential | null } & DialogFormProps) {
  const companies = useTrackingCompanies();
  const save = useSaveTrackingCredential();
  const send = useDialogSubmit(onBusy);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AccountValues>({
    defaultValues: {
      trackingCompanyId: editing?.trackingCompany.id ?? '',
      label: editing?.label ?? '',
      baseUrl: editing?.baseUrl ?? '',
      authMethod: editing?.authMethod ?? 'PASSWORD',
      username: editing?.username ?? '',
      password: '',
      token: '',
    },
  });
  const company = companies.data?.find((c) => c.id === watch('trackingCompanyId'));
  const authMethod = watch('authMethod');
  const traccar = company?.kind === 'TRACCAR';

  const onSubmit = handleSubmit((values) => {
    if (!company) return setError('trackingCompanyId', { message: 'Choose a tracking company' });
    if (!company.needsCredential) {
      return setError('trackingCompanyId', {
        message: "Driver phones need no account: create each driver's link on the driver's page.",
      });
    }
    return send(
      async () => {
        await save.mutateAsync(accountRequest(values, company.kind, editing));
        notifySuccess(editing ? `${values.label.trim()} is saved.` : `${values.label.trim()} is connected.`);
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, FIELDS),
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="trackingCompanyId"
          render={({ field }) => (
            <Select
              label="Tracking company"
              withAsterisk
              placeholder={companies.isPending ? 'Loading…' : 'Choose one'}
              data={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              allowDeselect={false}
              disabled={editing !== null}
              error={errors.trackingCompanyId?.message}
              description={company?.description}
              data-autofocus
            />
          )}
        />
        <TextInput
          label="Name of this account"
          withAsterisk
          maxLength={TRACKING_LABEL_MAX}
          placeholder="e.g. Our GPS (Traccar)"
          error={errors.label?.message}
          {...register('label', { validate: (v) => (v.trim() ? true : 'Name this account') })}
        />
        {traccar ? (
          <>
            <TextInput
              label="Server address"
              withAsterisk
              type="url"
              placeholder="https://gps.example.ng"
              description="The address you open Traccar at in the browser."
              error={errors.baseUrl?.message}
              {...register('baseUrl')}
            />
            <Controller
              control={control}
              name="authMethod"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="auth-method-label">
                    Sign in with
                  </Text>
                  <SegmentedControl
                    aria-labelledby="auth-method-label"
                    data={TRACKING_AUTH_METHODS.map((m) => ({
                      value: m,
                      label: TRACKING_AUTH_METHOD_LABELS[m],
                    }))}
                    value={field.value}
                    onChange={(value) => field.onChange(value as TrackingAuthMethod)}
                  />
                </Stack>
              )}
            />
            {authMethod === 'PASSWORD' ? (
              <>
                <TextInput
                  label="E-mail or user name"
                  withAsterisk
                  autoComplete="off"
                  error={errors.username?.message}
                  {...register('username')}
                />
                <PasswordInput
                  label="Password"
                  withAsterisk={!editing?.hasSecret}
                  autoComplete="new-password"
                  description={editing?.hasSecret ? 'Leave empty to keep the saved password.' : undefined}
                  error={errors.password?.message}
                  {...register('password')}
                />
              </>
            ) : (
              <PasswordInput
                label="Access token"
                withAsterisk={!editing?.hasSecret || editing.authMethod !== 'TOKEN'}
                autoComplete="off"
                description="Made in Traccar under Settings › Preferences › Token."
                error={errors.token?.message}
                {...register('token')}
              />
            )}
            <Text size="xs" c="dimmed">
              We sign in to check the account before saving it. The password or token is stored encrypted and
              never shown again.
            </Text>
          </>
        ) : null}
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={editing ? 'Save' : 'Connect'} />
      </Stack>
    </form>
  );
}
