import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { dayValue, nairaValue, queueNotification, type NotificationMessage } from '../notification';
import { findInvoiceOfTrip } from './invoice.repository';

export const INVOICE_REMINDER_JOB = 'invoice.reminder';
/** The customer is reminded this many days before an invoice falls due. */
export const DUE_REMINDER_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

interface InvoiceReminder {
  tripId: string;
  stage: 'DUE' | 'OVERDUE';
}

/** Queues, with the award, the reminders of each new invoice: a few days before it falls due, and when it does. */
export async function scheduleInvoiceReminders(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  tripIds: string[],
  dueAt: Date,
): Promise<void> {
  const dueSoon = new Date(Math.max(dueAt.getTime() - DUE_REMINDER_DAYS * DAY_MS, Date.now()));
  for (const tripId of tripIds) {
    await ctx.jobs.enqueue(
      tx,
      INVOICE_REMINDER_JOB,
      { tripId, stage: 'DUE' } satisfies InvoiceReminder,
      dueSoon,
    );
    await ctx.jobs.enqueue(
      tx,
      INVOICE_REMINDER_JOB,
      { tripId, stage: 'OVERDUE' } satisfies InvoiceReminder,
      dueAt,
    );
  }
}

/** The reminder job: says nothing when the invoice was paid or voided meanwhile. */
export async function remindInvoice(ctx: AppContext, reminder: InvoiceReminder): Promise<void> {
  const invoice = await findInvoiceOfTrip(ctx.db, reminder.tripId);
  if (!invoice || invoice.status !== 'PENDING_PAYMENT') return;
  const overdue = reminder.stage === 'OVERDUE';
  const values = {
    invoiceNumber: invoice.invoiceNumber,
    tripNumber: invoice.tripNumber,
    amount: nairaValue(invoice.amountKobo),
    due: dayValue(invoice.dueAt),
  };
  const title: NotificationMessage = { key: overdue ? 'paymentOverdue.title' : 'paymentDue.title', values };
  await ctx.db.transaction((tx) =>
    queueNotification(ctx, tx, {
      kind: overdue ? 'PAYMENT_OVERDUE' : 'PAYMENT_DUE',
      to: { companyIds: [invoice.customerCompanyId] },
      title,
      body: { key: overdue ? 'paymentOverdue.body' : 'paymentDue.body', values },
      link: '/payments',
      key: `invoice-${reminder.stage.toLowerCase()}:${invoice.id}`,
      email: {
        subject: title,
        paragraphs: overdue
          ? [{ key: 'paymentOverdue.email.paragraph1', values }, { key: 'paymentOverdue.email.paragraph2' }]
          : [{ key: 'paymentDue.email.paragraph1', values }],
        actionLabel: { key: 'payment.email.action' },
      },
    }),
  );
}
