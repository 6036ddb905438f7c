import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { INVOICE_REMINDER_JOB, remindInvoice } from './invoice-reminder.job';
import { invoiceRoutes } from './invoice.routes';

// Invoices, their extra charges and waiting time, the PDF, and the reminders before and after due.

export function registerInvoice(app: ZodApp, ctx: AppContext): void {
  invoiceRoutes(app, ctx);
  ctx.jobs.handle(INVOICE_REMINDER_JOB, (payload) =>
    remindInvoice(ctx, payload as Parameters<typeof remindInvoice>[1]),
  );
}

export { scheduleInvoiceReminders } from './invoice-reminder.job';
export { chargeWaitingTime } from './waiting-charges.service';
