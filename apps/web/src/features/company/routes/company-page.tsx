import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { updateCompanyRequest, type Company } from '@freightlane/domain';
import { IconAlertCircle, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useRole } from '../../../lib/session-context';
import { AddressFields } from '../../../components/address-fields';
import { PageHeader } from '../../../components/page-header';
import { PhoneField } from '../../../components/phone-field';
import { QueryError } from '../../../components/query-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { e164ToNational, nationalPhoneInput } from '../../../lib/phone-input';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProfile } from '../../profile';
import { useUpdateCompany } from '../api/company-api';
import { CompanyDocumentsCard } from '../components/company-documents-card';
import { MessageSpendCard } from '../components/message-spend-card';
import { VerificationChecklistCard } from '../components/verification-checklist';
import { WaitingTermsCard } from '../components/waiting-terms-card';
import { useCompanyText } from '../text';

const companyFormSchema = updateCompanyRequest.extend({ contactPhone: nationalPhoneInput });
type Input = z.input<typeof companyFormSchema>;
type Output = z.output<typeof companyFormSchema>;

const COMPANY_FIELDS = [
  'name',
  'cacRegistrationNumber',
  'tin',
  'address.street',
  'address.neighborhood',
  'address.lga',
  'address.city',
  'address.state',
  'contactName',
  'contactPhone',
  'contactEmail',
] as const;

function toFormValues(company: Company): Input {
  return {
    name: company.name,
    cacRegistrationNumber: company.cacRegistrationNumber ?? '',
    tin: company.tin ?? '',
    address: {
      street: company.address?.street ?? '',
      neighborhood: company.address?.neighborhood ?? '',
      lga: company.address?.lga ?? '',
      city: company.address?.city ?? '',
      // An empty choice until one is picked; the schema then asks for one of the states.
      state: (company.address?.state ?? '') as Input['address']['state'],
    },
    contactName: company.contactName ?? '',
    contactPhone: e164ToNational(company.contactPhone),
    contactEmail: company.contactEmail ?? '',
  };
}

function CompanyForm({ company, phoneCode }: { company: Company; phoneCode: string }) {
  const t = useCompanyText();
  const update = useUpdateCompany();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(companyFormSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(company),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toFormValues(saved));
      notifySuccess(t('form.saved'));
    } catch (error) {
      applyServerFieldErrors(error, setError, COMPANY_FIELDS);
      notifyError(error, t('form.notSaved'));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="xl">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('form.registration')}
            </Title>
            <TextInput label={t('form.name')} required error={errors.name?.message} {...register('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('form.cac')}
                description={t('form.cacHint')}
                placeholder={t('form.cacExample')}
                required
                error={errors.cacRegistrationNumber?.message}
                {...register('cacRegistrationNumber')}
              />
              <TextInput
                label={t('form.tin')}
                description={t('form.tinHint')}
                inputMode="numeric"
                required
                error={errors.tin?.message}
                {...register('tin')}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('form.address')}
            </Title>
            <AddressFields name="address" />
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('form.contact')}
            </Title>
            <TextInput
              label={t('form.contactName')}
              autoComplete="name"
              required
              error={errors.contactName?.message}
              {...register('contactName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PhoneField
                phoneCode={phoneCode}
                label={t('form.contactPhone')}
                description={t('form.contactPhoneHint', { phoneCode })}
                required
                error={errors.contactPhone?.message}
                {...register('contactPhone')}
              />
              <TextInput
                label={t('form.contactEmail')}
                type="email"
                autoComplete="email"
                required
                error={errors.contactEmail?.message}
                {...register('contactEmail')}
              />
            </SimpleGrid>
          </Stack>

          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Where the company stands and what happens next. */
function VerificationBanner({ company }: { company: Company }) {
  const t = useCompanyText();
  if (company.verificationStatus === 'PENDING_REVIEW') {
    return (
      <Alert color="blue" title={t('banner.pendingTitle')} icon={<IconClock aria-hidden />}>
        {t('banner.pending')}
      </Alert>
    );
  }
  if (company.verificationStatus === 'REJECTED') {
    return (
      <Alert color="red" title={t('banner.rejectedTitle')} icon={<IconAlertCircle aria-hidden />}>
        {company.rejectionReason
          ? t('banner.rejectedBecause', { reason: company.rejectionReason })
          : t('banner.rejected')}
      </Alert>
    );
  }
  if (company.verificationStatus === 'VERIFIED') {
    return <Alert color="green" title={t('banner.verifiedTitle')} icon={<IconCircleCheck aria-hidden />} />;
  }
  return null;
}

export function CompanyPage() {
  const t = useCompanyText();
  usePageTitle(t('page.title'));
  const profile = useProfile();
  const company = profile.data?.company;
  const role = useRole();
  // Like the details, the documents are the owner account's to change.
  const canUpload = role === 'role_customer' || role === 'role_transporter';

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {profile.isPending ? (
            <Skeleton h={520} radius="md" />
          ) : profile.isError ? (
            <QueryError
              error={profile.error}
              onRetry={() => void profile.refetch()}
              title={t('page.loadFailed')}
            />
          ) : (
            <Stack gap="md">
              {company ? <VerificationBanner company={company} /> : null}
              <Card withBorder radius="md" padding="lg">
                {company ? (
                  <CompanyForm company={company} phoneCode={profile.data.country.phoneCode} />
                ) : null}
              </Card>
              <CompanyDocumentsCard canUpload={canUpload} />
              {role === 'role_transporter' ? <WaitingTermsCard /> : null}
              {canUpload ? <MessageSpendCard /> : null}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <VerificationChecklistCard linkToCompany={false} />
        </Grid.Col>
      </Grid>
    </>
  );
}
