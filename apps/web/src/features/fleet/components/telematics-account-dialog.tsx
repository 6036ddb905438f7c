import { PasswordInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
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
import { useLabels } from '../../../i18n/labels/labels';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import {
  useSaveTrackingCredential,
  useTrackingCompanies,
  type SaveTrackingCredential,
} from '../api/telematics-api';
import { useFleetText } from '../text';

/** What a Traccar server's address looks like: an address, the same in every language. */
const EXAMPLE_SERVER = 'https://gps.example.ng';

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
  const t = useFleetText();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t('account.changeTitle', { account: editing.label }) : t('account.addTitle')}
      size="lg"
    >
      {(onBusy) => <AccountForm editing={editing} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function AccountForm({ editing, onDone, onBusy }: { editing: TrackingCredential | null } & DialogFormProps) {
  const t = useFleetText();
  const label = useLabels();
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
    if (!company) return setError('trackingCompanyId', { message: t('account.chooseCompany') });
    if (!company.needsCredential) {
      return setError('trackingCompanyId', { message: t('account.phonesNeedNone') });
    }
    return send(
      async () => {
        await save.mutateAsync(accountRequest(values, company.kind, editing));
        notifySuccess(t(editing ? 'account.saved' : 'account.connected', { account: values.label.trim() }));
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
              label={t('account.company')}
              withAsterisk
              placeholder={companies.isPending ? t('common.loading') : t('account.chooseOne')}
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
          label={t('account.name')}
          withAsterisk
          maxLength={TRACKING_LABEL_MAX}
          placeholder={t('account.namePlaceholder')}
          error={errors.label?.message}
          {...register('label', { validate: (v) => (v.trim() ? true : t('account.nameMissing')) })}
        />
        {traccar ? (
          <>
            <TextInput
              label={t('account.server')}
              withAsterisk
              type="url"
              placeholder={EXAMPLE_SERVER}
              description={t('account.serverHint')}
              error={errors.baseUrl?.message}
              {...register('baseUrl')}
            />
            <Controller
              control={control}
              name="authMethod"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="auth-method-label">
                    {t('account.signInWith')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="auth-method-label"
                    data={TRACKING_AUTH_METHODS.map((m) => ({
                      value: m,
                      label: label('trackingAuthMethod', m),
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
                  label={t('account.username')}
                  withAsterisk
                  autoComplete="off"
                  error={errors.username?.message}
                  {...register('username')}
                />
                <PasswordInput
                  label={t('account.password')}
                  withAsterisk={!editing?.hasSecret}
                  autoComplete="new-password"
                  description={editing?.hasSecret ? t('account.keepPassword') : undefined}
                  error={errors.password?.message}
                  {...register('password')}
                />
              </>
            ) : (
              <PasswordInput
                label={t('account.token')}
                withAsterisk={!editing?.hasSecret || editing.authMethod !== 'TOKEN'}
                autoComplete="off"
                description={t('account.tokenHint')}
                error={errors.token?.message}
                {...register('token')}
              />
            )}
            <Text size="xs" c="dimmed">
              {t('account.stored')}
            </Text>
          </>
        ) : null}
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          submitLabel={editing ? t('common.save') : t('account.connect')}
        />
      </Stack>
    </form>
  );
}
