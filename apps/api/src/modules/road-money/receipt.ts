import type { AppContext } from '../../context';
import { withStored } from '../../lib/stored-file';
import type { UploadedFile } from '../../lib/upload';
import type { StoredReceipt } from './road-money.service';

/**
 * Puts an expense's receipt (when the form had one) in storage and runs `record` with it; the file is
 * removed again when `record` fails. Receipts live apart from trip documents: only the transporter sees them.
 */
export async function withReceipt<T>(
  ctx: AppContext,
  file: UploadedFile | null,
  record: (receipt: StoredReceipt | null) => Promise<T>,
): Promise<T> {
  if (!file) return record(null);
  return withStored(ctx.storage, 'expense-receipts', file.buffer, (storageKey) =>
    record({ file, storageKey }),
  );
}
