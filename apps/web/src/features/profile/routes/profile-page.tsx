import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { updateProfileRequest, type Profile } from '@freightlane/domain';
import { LOCALE_NAMES, LOCALES, type Locale } from '@freightlane/domain/i18n';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { PhoneField } from '../../../components/phone-field';
import { PhoneVerificationPanel } from '../../../components/phone-verification-panel';
import { QueryError } from '../../../components/query-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { APP_LOCALES, useAppLanguage } from '../../../i18n/app-language';
import { PATHS } from '../../../lib/paths';
import { e164ToNational, nationalPhoneInput } from '../../../lib/phone-input';
import { usePageTitle } from '../../../lib/use-page-title';
import { useVerifyMyPhone } from '../api/phone-verification-api';
import { useProfile, useUpdateProfile } from '../api/profile-api';
import { YourDataCard } from '../components/your-data-card';
import { useProfileText } from '../text';

const profileFormSchema = updateProfileRequest.extend({ phoneNumber: nationalPhoneInput });
const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));
type Input = z.input<typeof profileFormSchema>;
type Output = z.output<typeof profileFormSchema>;

/** The languages the app itself is shown in, each named in itself, as a list in the reader's language. */
function useAppLanguageList(): string {
  const { locale } = useAppLanguage();
  return useMemo(
    () =>
      new Intl.ListFormat(locale, { type: 'conjunction' }).format(APP_LOCALES.map((l) => LOCALE_NAMES[l])),
    [locale],
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const t = useProfileText();
  const appLanguages = useAppLanguageList();
  const update = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: e164ToNational(profile.phoneNumber),
      language: profile.language,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        phoneNumber: e164ToNational(saved.phoneNumber),
        language: saved.language,
      });
      notifySuccess(saved.phoneNumber !== profile.phoneNumber ? t('form.savedVerifyPhone') : t('form.saved'));
    } catch (error) {
      applyServerFieldErrors(error, setError, ['firstName', 'lastName', 'phoneNumber', 'language']);
      notifyError(error, t('form.notSaved'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('form.firstName')}
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label={t('form.lastName')}
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </SimpleGrid>
        <PhoneField
          phoneCode={profile.country.phoneCode}
          label={t('form.phone')}
          description={t('form.phoneHint', { phoneCode: profile.country.phoneCode })}
          required
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <Controller
          control={control}
          name="language"
          render={({ field, fieldState }) => (
            <Select
              label={t('form.language')}
              description={t('form.languageHint', { languages: appLanguages })}
              data={LANGUAGE_OPTIONS}
              allowDeselect={false}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value as Locale)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              maw={320}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The person's own number: verified or not, and the code that verifies it. */
function MyPhone({ profile }: { profile: Profile }) {
  const t = useProfileText();
  const verify = useVerifyMyPhone(profile.phoneNumber);
  return (
    <PhoneVerificationPanel
      phoneNumber={profile.phoneNumber}
      verifiedAt={profile.phoneVerifiedAt}
      send={verify.send}
      check={verify.check}
      hint={t('phone.hint')}
      verifiedMessage={t('phone.verified')}
    />
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function ProfilePage() {
  const t = useProfileText();
  usePageTitle(t('page.title'));
  const profile = useProfile();

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {profile.isPending ? (
        <Stack>
          <Skeleton h={140} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
      ) : profile.isError ? (
        <QueryError
          error={profile.error}
          onRetry={() => void profile.refetch()}
          title={t('page.loadFailed')}
        />
      ) : (
        <Stack gap="lg" maw={760}>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="md">
              {t('account.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Detail label={t('account.email')} value={profile.data.email} />
              <Detail label={t('account.type')} value={t(`userType.${profile.data.userType}`)} />
              <Detail label={t('account.company')} value={profile.data.company.name} />
              <Detail label={t('account.memberSince')} value={formatDate(profile.data.createdAt)} />
            </SimpleGrid>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="xs">
              {t('phone.title')}
            </Title>
            <MyPhone key={profile.data.phoneNumber} profile={profile.data} />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="md">
              {t('form.title')}
            </Title>
            <ProfileForm profile={profile.data} />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="xs">
              {t('notifications.title')}
            </Title>
            <Text mb="md">{t('notifications.text')}</Text>
            <Button component={Link} to={PATHS.notificationSettings} variant="default">
              {t('notifications.settings')}
            </Button>
          </Card>
          <YourDataCard companyName={profile.data.company.name} />
        </Stack>
      )}
    </>
  );
}
