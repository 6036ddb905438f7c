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
      notifySuccess('Your company details are saved.');
    } catch (error) {
      applyServerFieldErrors(error, setError, COMPANY_FIELDS);
      notifyError(error, 'Company details not saved');
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="xl">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Registration
            </Title>
            <TextInput label="Company name" required error={errors.name?.message} {...register('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="CAC registration number"
                description="RC, BN or IT followed by the digits"
                placeholder="RC 1234567"
                required
                error={errors.cacRegistrationNumber?.message}
                {...register('cacRegistrationNumber')}
              />
              <TextInput
                label="Tax identification number (TIN)"
                description="12345678-0001 or 10 digits"
                inputMode="numeric"
                required
                error={errors.tin?.message}
                {...register('tin')}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              Address
            </Title>
            <AddressFields name="address" />
          </Stack>

          <Stack gap="md">
            <Title order={2} fz="lg">
              Contact person
            </Title>
            <TextInput
              label="Contact name"
              autoComplete="name"
              required
              error={errors.contactName?.message}
              {...register('contactName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PhoneField
                phoneCode={phoneCode}
                label="Contact phone"
                required
                error={errors.contactPhone?.message}
                {...register('contactPhone')}
              />
              <TextInput
                label="Contact email"
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
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Where the company stands and what happens next. */
function VerificationBanner({ company }: { company: Company }) {
  if (company.verificationStatus === 'PENDING_REVIEW') {
    return (
      <Alert color="blue" title="Awaiting review by Freightlane" icon={<IconClock aria-hidden />}>
        We are checking your details and documents and will e-mail you when your company is verified.
      </Alert>
    );
  }
  if (company.verificationStatus === 'REJECTED') {
    return (
      <Alert color="red" title="Verification not approved" icon={<IconAlertCircle aria-hidden />}>
        {company.rejectionReason
          ? `Rejected: ${company.rejectionReason} — fix and upload again.`
          : 'Rejected — fix your details and documents, then upload again.'}
      </Alert>
    );
  }
  if (company.verificationStatus === 'VERIFIED') {
    return <Alert color="green" title="Your company is verified" icon={<IconCircleCheck aria-hidden />} />;
  }
  return null;
}

export function CompanyPage() {
  usePageTitle('Company details');
  const profile = useProfile();
  const company = profile.data?.company;
  const role = useRole();
  // Like the details, the documents are the owner account's to change.
  const canUpload = role === 'role_customer' || role === 'role_transporter';

  return (
    <>
      <PageHeader
        title="Company details"
        description="Registration, address, contact details and documents we check before verifying your company."
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {profile.isPending ? (
            <Skeleton h={520} radius="md" />
          ) : profile.isError ? (
            <QueryError
              error={profile.error}
              onRetry={() => void profile.refetch()}
              title="Could not load your company"
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
