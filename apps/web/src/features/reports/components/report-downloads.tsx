import { Button, Group } from '@mantine/core';
import type { ReportExportFormat, ReportKind, ReportRange } from '@freightlane/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownload } from '../../../lib/use-download';
import { downloadReport } from '../api/reports-api';
import { useReportsText } from '../text';

/** Each file's format by its own name, the same in every language. */
const FORMATS: { format: ReportExportFormat; label: string; name: string }[] = [
  { format: 'csv', label: 'CSV', name: 'CSV' },
  { format: 'xlsx', label: 'Excel', name: 'Excel (XLSX)' },
  { format: 'pdf', label: 'PDF', name: 'PDF' },
];

/** The whole report of the range (every row, not only the page) as a file an accountant opens. */
export function ReportDownloads({ kind, range }: { kind: ReportKind; range: ReportRange }) {
  const t = useReportsText();
  const { downloading, download } = useDownload();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  return (
    <Group gap="xs" role="group" aria-label={t('downloads.label')}>
      {FORMATS.map(({ format, label, name }) => (
        <Button
          key={format}
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={t('downloads.button', { format: name })}
          loading={downloading && busy === format}
          disabled={downloading && busy !== format}
          onClick={() => {
            setBusy(format);
            void download((api) => downloadReport(api, kind, range, format));
          }}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
