import { Button, Group } from '@mantine/core';
import type { ReportExportFormat, ReportKind, ReportRange } from '@freightlane/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownload } from '../../../lib/use-download';
import { downloadReport } from '../api/reports-api';

const FORMATS: { format: ReportExportFormat; label: string; name: string }[] = [
  { format: 'csv', label: 'CSV', name: 'CSV' },
  { format: 'xlsx', label: 'Excel', name: 'Excel (XLSX)' },
  { format: 'pdf', label: 'PDF', name: 'PDF' },
];

/** The whole report of the range (every row, not only the page) as a file an accountant opens. */
export function ReportDownloads({ kind, range }: { kind: ReportKind; range: ReportRange }) {
  const { downloading, download } = useDownload();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  return (
    <Group gap="xs" role="group" aria-label="Download the report">
      {FORMATS.map(({ format, label, name }) => (
        <Button
          key={format}
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={`Download ${name}`}
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
