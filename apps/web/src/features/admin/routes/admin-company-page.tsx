import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  COMPANY_DOCUMENT_LABELS,
  formatNigerianPhone,
  type AdminCompanyDetail,
  type CompanyDocument,
  type CompanyDocumentType,
} from '@freightlane/domain';
import {
  IconArrowLeft,
  IconBan,
  IconCheck,
  IconDownload,
  IconHistory,
  IconLockOpen,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { DETAIL_LABELS, DOCUMENT_STATUS_LABELS, formatFileSize } from '../../company';
import {
  downloadAdminCompanyDocument,
  useAdminCompany,
  useUnsuspendCompany,
  useVerifyCompany,
} from '../api/admin-companies-api';
import { COMPANY_TYPE_LABELS } from '../components/company-labels';
import { RejectCompanyDialog } from '../components/reject-company-dialog';
import { SuspendCompanyDialog } from '../components/suspend-company-dialog';
import { MessageSpendCapCard } from '../components/message-spend-cap-card';

const WHAT_VERIFIED_MEANS = {
  CUSTOMER: 'Its users can place haulage orders at once.',
  TRANSPORTER: 'Its users can bid for haulage jobs at once.',
  PLATFORM: 'Its users can do business at once.',
} as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function StatusAlert({ company }: { company: AdminCompanyDetail }) {
  switch (company.verificationStatus) {
    case 'PENDING_REVIEW':
      return (
        <Alert color="blue" title="Awaiting your review">
          The company has sent in everything we ask for. Check the documents, then verify or reject it.
        </Alert>
      );
    case 'VERIFIED':
      return <Alert color="green" title={`Verified on ${formatDateTime(company.verifiedAt)}`} />;
    case 'REJECTED':
      return (
        <Alert color="red" title="Rejected">
          {company.rejectionReason ? `Reason given: ${company.rejectionReason}` : 'No reason was recorded.'}
        </Alert>
      );
    default:
      return (
        <Alert color="gray" title="Not sent for review yet">
          The company has not sent in all its details and documents.
        </Alert>
      );
  }
}

function SuspensionAlert({ company }: { company: AdminCompanyDetail }) {
  if (!company.suspendedAt) return null;
  return (
    <Alert
      color="red"
      title={`Suspended on ${formatDateTime(company.suspendedAt)}`}
      icon={<IconBan aria-hidden />}
    >
      <Text size="sm">
        {company.suspensionReason ? `Reason: ${company.suspensionReason}` : 'No reason was recorded.'}
      </Text>
      <Text size="sm">Its users cannot sign in until you lift the suspension.</Text>
    </Alert>
  );
}

/** Where the rest of the company's story is: its people and every change made to or by it. */
function CompanyLinks({ company }: { company: AdminCompanyDetail }) {
  const named = new URLSearchParams({ companyId: company.id, company: company.name }).toString();
  return (
    <Group gap="md">
      <Anchor component={Link} to={`${PATHS.adminUsers}?${named}`} size="sm">
        <Group gap={4} component="span">
          <IconUsers size={14} aria-hidden />
          Its users
        </Group>
      </Anchor>
      <Anchor component={Link} to={`${PATHS.adminAuditLog}?${named}`} size="sm">
        <Group gap={4} component="span">
          <IconHistory size={14} aria-hidden />
          Its audit log
        </Group>
      </Anchor>
    </Group>
  );
}

function MissingAlert({ company }: { company: AdminCompanyDetail }) {
  if (company.missingDetails.length === 0 && company.missingDocuments.length === 0) return null;
  return (
    <Alert color="orange" title="Missing before it can be verified">
      <List size="sm" spacing={2}>
        {company.missingDetails.map((field) => (
          <List.Item key={field}>{DETAIL_LABELS[field as keyof typeof DETAIL_LABELS] ?? field}</List.Item>
        ))}
        {company.missingDocuments.map((type) => (
          <List.Item key={type}>
            {COMPANY_DOCUMENT_LABELS[type as CompanyDocumentType] ?? type} (missing or rejected)
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function DocumentItem({ companyId, document }: { companyId: string; document: CompanyDocument }) {
  const { downloading, download } = useDownload();
  const status = DOCUMENT_STATUS_LABELS[document.status];
  return (
    <Stack gap={6} component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {document.label}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {document.fileName} · {formatFileSize(document.sizeBytes)} · uploaded{' '}
            {formatDateTime(document.createdAt)}
          </Text>
        </div>
        <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      {document.status === 'REJECTED' && document.rejectionReason ? (
        <Text size="sm" c="red.8">
          Rejected: {document.rejectionReason}
        </Text>
      ) : null}
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download((api) => downloadAdminCompanyDocument(api, companyId, document))}
          loading={downloading}
          aria-label={`Download ${document.label}`}
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}

function addressLine(address: AdminCompanyDetail['address']): string {
  if (!address) return '';
  return [address.street, address.neighborhood, address.lga, address.city, address.state]
    .filter(Boolean)
    .join(', ');
}

function CompanyReview({ company }: { company: AdminCompanyDetail }) {
  const verify = useVerifyCompany(company.id);
  const unsuspend = useUnsuspendCompany(company.id);
  const [confirmVerify, setConfirmVerify] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const [confirmLift, setConfirmLift] = useState(false);
  const complete = company.missingDetails.length === 0 && company.missingDocuments.length === 0;

  async function onVerify() {
    try {
      await verify.mutateAsync();
      notifySuccess(`${company.name} is verified. We e-mailed its users.`);
    } catch (error) {
      notifyError(error, 'Company not verified');
    } finally {
      setConfirmVerify(false);
    }
  }

  async function onLift() {
    try {
      await unsuspend.mutateAsync();
      notifySuccess(`The suspension of ${company.name} is lifted. Its users can sign in again.`);
    } catch (error) {
      notifyError(error, 'Suspension not lifted');
    } finally {
      setConfirmLift(false);
    }
  }

  return (
    <>
      <PageHeader
        title={company.name}
        description={`${COMPANY_TYPE_LABELS[company.type]} · signed up ${formatDate(company.createdAt)}`}
        action={
          <Group gap="sm">
            {company.verificationStatus === 'VERIFIED' ? null : (
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => setConfirmVerify(true)}
                disabled={!complete}
              >
                Verify
              </Button>
            )}
            <Button
              color="red"
              variant="outline"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
            {company.suspendedAt ? (
              <Button
                variant="outline"
                leftSection={<IconLockOpen size={16} aria-hidden />}
                onClick={() => setConfirmLift(true)}
              >
                Lift suspension
              </Button>
            ) : (
              <Button
                color="red"
                variant="subtle"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => setSuspending(true)}
              >
                Suspend
              </Button>
            )}
          </Group>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <SuspensionAlert company={company} />
            <StatusAlert company={company} />
            <MissingAlert company={company} />
            <CompanyLinks company={company} />
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="company-facts">
              <Title order={2} fz="lg" mb="md" id="company-facts">
                Company details
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Fact label="CAC registration number">{company.cacRegistrationNumber}</Fact>
                <Fact label="Tax identification number (TIN)">{company.tin}</Fact>
                <Fact label="Address">{addressLine(company.address)}</Fact>
                <Fact label="Contact name">{company.contactName}</Fact>
                <Fact label="Contact phone">
                  {company.contactPhone ? formatNigerianPhone(company.contactPhone) : null}
                </Fact>
                <Fact label="Contact e-mail">{company.contactEmail}</Fact>
                <Fact label="Signed up by">
                  {company.ownerName
                    ? `${company.ownerName} · ${company.ownerEmail ?? ''}`
                    : company.ownerEmail}
                </Fact>
              </SimpleGrid>
            </Card>
            <MessageSpendCapCard companyId={company.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="company-documents">
            <Title order={2} fz="lg" mb="xs" id="company-documents">
              Documents
            </Title>
            {company.documents.length === 0 ? (
              <Text size="sm" c="dimmed">
                No documents uploaded yet. The company uploads them on its company details page; reject with a
                reason to remind it.
              </Text>
            ) : (
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {company.documents.map((document) => (
                  <DocumentItem key={document.id} companyId={company.id} document={document} />
                ))}
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>

      <NoticeDialog
        opened={confirmVerify}
        title={`Verify ${company.name}?`}
        buttons="yes-no"
        onClose={() => setConfirmVerify(false)}
        onConfirm={() => void onVerify()}
        confirming={verify.isPending}
      >
        {`${WHAT_VERIFIED_MEANS[company.type]} Its documents are approved and we e-mail its users.`}
      </NoticeDialog>
      <RejectCompanyDialog opened={rejecting} onClose={() => setRejecting(false)} company={company} />
      <SuspendCompanyDialog opened={suspending} onClose={() => setSuspending(false)} company={company} />
      <NoticeDialog
        opened={confirmLift}
        title={`Lift the suspension of ${company.name}?`}
        buttons="yes-no"
        onClose={() => setConfirmLift(false)}
        onConfirm={() => void onLift()}
        confirming={unsuspend.isPending}
      >
        Its users can sign in again at once.
      </NoticeDialog>
    </>
  );
}

/** /admin/companies/:companyId: one company's details and documents, with Verify and Reject. */
export function AdminCompanyPage() {
  const { companyId = '' } = useParams();
  const company = useAdminCompany(companyId);
  usePageTitle(company.data?.name ?? 'Company');

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={PATHS.adminCompanies} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All companies
        </Group>
      </Anchor>
      {company.isPending ? (
        <Stack gap="md" aria-label="Loading the company">
          <Skeleton h={36} w="60%" />
          <Skeleton h={220} radius="md" />
        </Stack>
      ) : company.isError ? (
        <QueryError
          error={company.error}
          onRetry={() => void company.refetch()}
          title="Could not load this company"
        />
      ) : (
        <div>
          <CompanyReview company={company.data} />
        </div>
      )}
    </Stack>
  );
}
