import { Button } from '@mantine/core';
import type { OrderDetail } from '@freightlane/domain';
import { IconDownload } from '@tabler/icons-react';
import { useDownload } from '../../../lib/use-download';
import { formatFileSize } from '../../company';
import { downloadQuoteDocument } from '../api/quote-document';
import { useOrdersText } from '../text';

/** The order's quote document as a download button with its size, or None. */
export function QuoteDocumentDownload({ order }: { order: OrderDetail }) {
  const t = useOrdersText();
  const { downloading, download } = useDownload();
  const document = order.quoteDocument;
  if (!document) return <>{t('value.none')}</>;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={0}
      loading={downloading}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void download((api) => downloadQuoteDocument(api, order.id, document.fileName))}
      aria-label={t('quote.download', { fileName: document.fileName })}
    >
      {document.fileName} ({formatFileSize(document.sizeBytes)})
    </Button>
  );
}
