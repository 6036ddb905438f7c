import { Anchor, Badge, Card, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { useCompanyValidation } from '../api/company-api';
import { DETAIL_LABELS, DOCUMENT_STATUS_LABELS, VERIFICATION_STATUS_LABELS } from './verification-labels';

const NEXT_STEP = {
  UNVERIFIED: 'Complete the details and documents below. Our team then reviews your company.',
  PENDING_REVIEW: 'Our team is reviewing your company. We will e-mail you when it is verified.',
  VERIFIED: 'Your company is verified. You can do business on Freightlane.',
  REJECTED:
    'Your verification was not approved. Fix the details or documents marked below and upload them again.',
} as const;

/**
 * The company verification checklist (GET /company/documents/validate): status, missing details
 * and documents. With `linkToCompany` it points to the company details page.
 */
export function VerificationChecklistCard({ linkToCompany = true }: { linkToCompany?: boolean }) {
  const validation = useCompanyValidation();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="verification-title">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="verification-title">
          Company verification
        </Title>
        {validation.data ? (
          <Badge color={VERIFICATION_STATUS_LABELS[validation.data.verificationStatus].color} variant="light">
            {VERIFICATION_STATUS_LABELS[validation.data.verificationStatus].label}
          </Badge>
        ) : null}
      </Group>

      {validation.isPending ? (
        <Stack gap="xs" aria-label="Loading the checklist">
          <Skeleton h={14} w="80%" />
          <Skeleton h={14} w="60%" />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : validation.isError ? (
        <QueryError
          error={validation.error}
          onRetry={() => void validation.refetch()}
          title="Could not load the checklist"
        />
      ) : (
        <Stack gap="md">
          <Text size="sm">{NEXT_STEP[validation.data.verificationStatus]}</Text>

          <div>
            <Text fw={600} size="sm" mb={6}>
              Company details
            </Text>
            {validation.data.missingDetails.length === 0 ? (
              <Group gap={6}>
                <IconCircleCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />
                <Text size="sm">All details are in.</Text>
              </Group>
            ) : (
              <List
                size="sm"
                spacing={4}
                icon={
                  <ThemeIcon size={18} radius="xl" color="orange" variant="light">
                    <IconCircleDashed size={12} aria-hidden />
                  </ThemeIcon>
                }
              >
                {validation.data.missingDetails.map((field) => (
                  <List.Item key={field}>Missing: {DETAIL_LABELS[field]}</List.Item>
                ))}
              </List>
            )}
          </div>

          <div>
            <Text fw={600} size="sm" mb={6}>
              Documents
            </Text>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {validation.data.documents.map((document) => (
                <Group key={document.type} component="li" justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{document.label}</Text>
                  <Badge size="sm" variant="light" color={DOCUMENT_STATUS_LABELS[document.status].color}>
                    {DOCUMENT_STATUS_LABELS[document.status].label}
                  </Badge>
                </Group>
              ))}
            </Stack>
            {validation.data.missingDocuments.length > 0 ? (
              <Text size="xs" c="dimmed" mt={6}>
                {linkToCompany
                  ? 'Upload them on the company details page.'
                  : 'Upload them under Verification documents.'}
              </Text>
            ) : null}
          </div>

          {linkToCompany && validation.data.verificationStatus !== 'VERIFIED' ? (
            <Anchor component={Link} to="/company" fw={600} size="sm">
              Update company details
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
