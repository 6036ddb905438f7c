import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_REPORT_DAYS,
  isReportKind,
  lagosDateInDays,
  reportKindsFor,
  reportRange,
  type ReportRange,
} from '@freightlane/domain';
import { IconArrowLeft, IconChartBar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReport } from '../api/reports-api';
import { ReportChartView } from '../components/report-chart';
import { ReportDownloads } from '../components/report-downloads';
import { ReportFigures } from '../components/report-figures';
import { ReportRangeForm } from '../components/report-range-form';
import { ReportTable } from '../components/report-table';
import { rangePresets, reportTitle } from '../report-catalogue';
import { useReportsText } from '../text';

function BackToReports() {
  const t = useReportsText();
  return (
    <Anchor component={Link} to={PATHS.reports} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('reportPage.back')}
      </Group>
    </Anchor>
  );
}

/** /reports/:kind?from&to&page: one report of the caller's side over a range kept in the address. */
export function ReportPage() {
  const t = useReportsText();
  const { kind = '' } = useParams();
  const role = useRole();
  const list = useListParams();
  const known = isReportKind(kind) && reportKindsFor(role).includes(kind);
  const title = known ? reportTitle(kind) : t('reportPage.notFound');
  usePageTitle(title);

  const fromParam = list.params.get('from');
  const toParam = list.params.get('to');
  const range: ReportRange = useMemo(
    () => ({
      from: fromParam ?? lagosDateInDays(-(DEFAULT_REPORT_DAYS - 1)),
      to: toParam ?? lagosDateInDays(0),
    }),
    [fromParam, toParam],
  );
  const valid = reportRange.safeParse(range).success;
  const report = useReport(
    { kind: known ? kind : 'financial', from: range.from, to: range.to, page: list.page },
    known && valid,
  );
  const presets = useMemo(() => (known ? rangePresets(kind) : []), [known, kind]);

  if (!known) {
    return (
      <>
        <BackToReports />
        <PageHeader title={title} />
        <EmptyList icon={IconChartBar}>{t('reportPage.noSuchReport')}</EmptyList>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Box>
        <BackToReports />
        <PageHeader
          title={title}
          description={t(`description.${kind}`)}
          action={<ReportDownloads kind={kind} range={range} />}
        />
        <ReportRangeForm
          range={range}
          presets={presets}
          onChange={(next) => list.update({ from: next.from, to: next.to })}
        />
      </Box>
      {/* An invalid range asks for nothing: its form says what is wrong. Without rows the figures and the
          chart still stand, so the table's own heading says the range is empty. */}
      <QueryList
        query={report}
        rowsOf={(answer) => answer.page.content}
        skeleton={
          valid ? (
            <ListSkeleton
              label={t('reportPage.loading', { title: title.toLowerCase() })}
              rows={3}
              height={160}
            />
          ) : null
        }
        failure={t('reportPage.failure')}
      >
        {(rows, data) => (
          // The last range's figures stay on screen, dimmed, while the new range loads.
          <Stack
            gap="lg"
            style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={report.isFetching}
          >
            <ReportFigures figures={data.summary} />
            <ReportChartView chart={data.chart} />
            <section aria-labelledby="report-table-title">
              <Title order={2} fz="lg" id="report-table-title" mb="sm">
                {data.page.totalElements === 0 ? t('reportPage.noRows') : t('reportPage.rows')}
              </Title>
              {data.page.totalElements === 0 ? (
                <Text c="dimmed">{t('reportPage.nothingRecorded')}</Text>
              ) : (
                <>
                  <ReportTable title={title} columns={data.columns} rows={rows} />
                  <ListPagination
                    page={data.page}
                    onChange={list.setPage}
                    noun={[t('reportPage.nounOne'), t('reportPage.nounMany')]}
                  />
                </>
              )}
            </section>
          </Stack>
        )}
      </QueryList>
    </Stack>
  );
}
