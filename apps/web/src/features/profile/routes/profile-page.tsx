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
import { PATHS } from '../../../lib/paths';
import { e164ToNational, nationalPhoneInput } from '../../../lib/phone-input';
import { usePageTitle } from '../../../lib/use-page-title';
import { useVerifyMyPhone } from '../api/phone-verification-api';
import { useProfile, useUpdateProfile } from '../api/profile-api';
import { YourDataCard } from '../components/your-data-card';

const profileFormSchema = updateProfileRequest.extend({ phoneNumber: nationalPhoneInput });
const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));
type Input = z.input<typeof profileFormSchema>;
type Output = z.output<typeof profileFormSchema>;

const USER_TYPE_LABELS: Record<Profile['userType'], string> = {
  CUSTOMER: 'Customer',
  TRANSPORTER: 'Transporter',
  FLEET_MANAGER: 'Fleet manager',
  ADMIN: 'Admin',
};

function ProfileForm({ profile }: { profile: Profile }) {
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
      notifySuccess(
        saved.phoneNumber !== profile.phoneNumber
          ? 'Your profile is saved. Verify your new phone number with a code by SMS.'
          : 'Your profile is saved.',
      );
    } catch (error) {
      applyServerFieldErrors(error, setError, ['firstName', 'lastName', 'phoneNumber', 'language']);
      notifyError(error, 'Profile not saved');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </SimpleGrid>
        <PhoneField
          phoneCode={profile.country.phoneCode}
          required
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <Controller
          control={control}
          name="language"
          render={({ field, fieldState }) => (
            <Select
              label="Language"
              description="Text and WhatsApp messages from Freightlane come in this language."
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
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The person's own number: verified or not, and the code that verifies it. */
function MyPhone({ profile }: { profile: Profile }) {
  const verify = useVerifyMyPhone(profile.phoneNumber);
  return (
    <PhoneVerificationPanel
      phoneNumber={profile.phoneNumber}
      verifiedAt={profile.phoneVerifiedAt}
      send={verify.send}
      check={verify.check}
      hint="We text a 6-digit code to this number. Type it in here to show the number is yours: Freightlane sends SMS and WhatsApp messages only to a verified number."
      verifiedMessage="Your phone number is verified."
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
  usePageTitle('Profile');
  const profile = useProfile();

  return (
    <>
      <PageHeader
        title="Profile"
        description="Your name and phone number as transporters and customers see them."
      />
      {profile.isPending ? (
        <Stack>
          <Skeleton h={140} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
      ) : profile.isError ? (
        <QueryError
          error={profile.error}
          onRetry={() => void profile.refetch()}
          title="Could not load your profile"
        />
      ) : (
        <Stack gap="lg" maw={760}>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="md">
              Account
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Detail label="E-mail" value={profile.data.email} />
              <Detail label="Account type" value={USER_TYPE_LABELS[profile.data.userType]} />
              <Detail label="Company" value={profile.data.company.name} />
              <Detail label="Member since" value={formatDate(profile.data.createdAt)} />
            </SimpleGrid>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="xs">
              Phone number
            </Title>
            <MyPhone key={profile.data.phoneNumber} profile={profile.data} />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="md">
              Edit your details
            </Title>
            <ProfileForm profile={profile.data} />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="lg" mb="xs">
              Notifications
            </Title>
            <Text mb="md">
              Choose what Freightlane tells you about: in the app, by e-mail, as browser push, by SMS or on
              WhatsApp.
            </Text>
            <Button component={Link} to={PATHS.notificationSettings} variant="default">
              Notification settings
            </Button>
          </Card>
          <YourDataCard companyName={profile.data.company.name} />
        </Stack>
      )}
    </>
  );
}
