import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { audit, type AuditActor, type RequestOrigin } from '../../lib/audit';
import { queueNotification } from '../notification';
import type { InvoiceRecord } from './invoice-access.service';
import type { ChargeRow } from './invoice-charge.repository';
import { chargeNotification, type ChargeEvent, type NotifiedInvoice } from './invoice-notifications';

/** The invoice as a charge notice names it. */
function notifiedInvoice(record: InvoiceRecord, amountKobo = record.invoice.amountKobo): NotifiedInvoice {
  const { invoice } = record;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    tripNumber: record.tripNumber,
    customerCompanyId: invoice.customerCompanyId,
    transporterCompanyId: invoice.transporterCompanyId,
    customerName: record.customerName,
    transporterName: record.transporterName,
    amountKobo,
  };
}

/**
 * Writes a charge change's audit row and tells the other side, in the change's transaction: whoever made
 * it, a person or the platform working out waiting time.
 */
export async function recordChargeChange(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  change: {
    actor: AuditActor;
    origin: RequestOrigin;
    record: InvoiceRecord;
    charge: ChargeRow;
    event: ChargeEvent;
    data: Record<string, unknown>;
    /** What the customer pays after the change, when it moved the invoice's figures. */
    amountKobo?: number;
  },
): Promise<void> {
  const { actor, origin, record, charge, event } = change;
  await audit(tx, actor, origin, {
    action: `invoice.charge_${event.toLowerCase()}`,
    entityType: 'invoice_charge',
    entityId: charge.id,
    data: { invoiceId: record.invoice.id, kind: charge.kind, ...change.data },
  });
  await queueNotification(
    ctx,
    tx,
    chargeNotification(notifiedInvoice(record, change.amountKobo), charge, event, actor.userId),
  );
}
