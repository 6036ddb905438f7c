import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatNigerianPhone, updateProfileRequest, type Profile } from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { PhoneField } from '../../../components/phone-field';
import { QueryError } from '../../../components/query-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { e164ToNational, nationalPhoneInput } from '../../../lib/phone-input';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProfile, useUpdateProfile } from '../api/profile-api';
import { YourDataCard } from '../components/your-data-card';

const profileFormSchema = updateProfileRequest.extend({ phoneNumber: nationalPhoneInput });
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
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        phoneNumber: e164ToNational(saved.phoneNumber),
      });
      notifySuccess('Your profile is saved.');
    } catch (error) {
      applyServerFieldErrors(error, setError, ['firstName', 'lastName', 'phoneNumber']);
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
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
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
              <Detail label="Phone number" value={formatNigerianPhone(profile.data.phoneNumber)} />
              <Detail label="Member since" value={formatDate(profile.data.createdAt)} />
            </SimpleGrid>
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
              Choose what Freightlane tells you about: in the app, by e-mail or as browser push.
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
