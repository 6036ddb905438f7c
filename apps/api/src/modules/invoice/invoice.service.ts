import { toPage, type Invoice, type InvoiceListQuery, type Page } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { tripScopeOf } from '../trip/trip.service';
import { listInvoices } from './invoice.repository';

/** Invoices follow their trip: the customer pays its own, the transporter side sees what it is owed. */
export async function listInvoicesFor(
  ctx: AppContext,
  principal: Principal,
  query: InvoiceListQuery,
): Promise<Page<Invoice>> {
  const { rows, total } = await listInvoices(ctx.db, tripScopeOf(principal), query);
  const content = rows.map(({ invoice, ...r }): Invoice => ({
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    trip: { id: invoice.tripId, tripNumber: r.tripNumber },
    orderNumber: r.orderNumber,
    customerName: r.customerName,
    transporterName: r.transporterName,
    amountKobo: invoice.amountKobo,
    status: invoice.status,
    dueAt: invoice.dueAt.toISOString(),
    paidAt: invoice.paidAt ? invoice.paidAt.toISOString() : null,
    createdAt: invoice.createdAt.toISOString(),
  }));
  return toPage(content, total, query);
}
