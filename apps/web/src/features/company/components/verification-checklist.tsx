import { Anchor, Badge, Card, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { useCompanyValidation } from '../api/company-api';
import { useLabels } from '../../../i18n/labels/labels';
import { useCompanyText } from '../text';
import {
  DOCUMENT_STATUS_COLORS,
  useVerificationLabels,
  VERIFICATION_STATUS_COLORS,
} from './verification-labels';

/**
 * The company verification checklist (GET /company/documents/validate): status, missing details
 * and documents. With `linkToCompany` it points to the company details page.
 */
export function VerificationChecklistCard({ linkToCompany = true }: { linkToCompany?: boolean }) {
  const t = useCompanyText();
  const labels = useVerificationLabels();
  const label = useLabels();
  const validation = useCompanyValidation();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="verification-title">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="verification-title">
          {t('checklist.title')}
        </Title>
        {validation.data ? (
          <Badge color={VERIFICATION_STATUS_COLORS[validation.data.verificationStatus]} variant="light">
            {labels.verificationStatus(validation.data.verificationStatus)}
          </Badge>
        ) : null}
      </Group>

      {validation.isPending ? (
        <Stack gap="xs" aria-label={t('checklist.loading')}>
          <Skeleton h={14} w="80%" />
          <Skeleton h={14} w="60%" />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : validation.isError ? (
        <QueryError
          error={validation.error}
          onRetry={() => void validation.refetch()}
          title={t('checklist.loadFailed')}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t(`checklist.next.${validation.data.verificationStatus}`)}</Text>

          <div>
            <Text fw={600} size="sm" mb={6}>
              {t('checklist.details')}
            </Text>
            {validation.data.missingDetails.length === 0 ? (
              <Group gap={6}>
                <IconCircleCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />
                <Text size="sm">{t('checklist.allDetails')}</Text>
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
                  <List.Item key={field}>
                    {t('checklist.missing', { detail: labels.detail(field) })}
                  </List.Item>
                ))}
              </List>
            )}
          </div>

          <div>
            <Text fw={600} size="sm" mb={6}>
              {t('checklist.documents')}
            </Text>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {validation.data.documents.map((document) => (
                <Group key={document.type} component="li" justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{label('companyDocument', document.type)}</Text>
                  <Badge size="sm" variant="light" color={DOCUMENT_STATUS_COLORS[document.status]}>
                    {labels.documentStatus(document.status)}
                  </Badge>
                </Group>
              ))}
            </Stack>
            {validation.data.missingDocuments.length > 0 ? (
              <Text size="xs" c="dimmed" mt={6}>
                {linkToCompany ? t('checklist.uploadOnCompanyPage') : t('checklist.uploadBelow')}
              </Text>
            ) : null}
          </div>

          {linkToCompany && validation.data.verificationStatus !== 'VERIFIED' ? (
            <Anchor component={Link} to="/company" fw={600} size="sm">
              {t('checklist.update')}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
