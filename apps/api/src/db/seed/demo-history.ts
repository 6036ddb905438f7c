import { isNull } from 'drizzle-orm';
import { NOTIFICATION_KINDS_BY_ROLE, ROLE_OF_USER_TYPE, type NotificationKind } from '@freightlane/domain';
import { companyVerifiedNotification } from '../../modules/admin/admin-company-notifications';
import { bidChangedNotification } from '../../modules/bid/bid-notifications';
import type { NotificationEvent } from '../../modules/notification/notification.service';
import { readerLocale, renderNotificationMessage } from '../../modules/notification/notification-text';
import {
  bidLostNotification,
  biddingClosedNotifications,
  bidWonNotification,
  invoicesRaisedNotification,
  orderCancelledNotification,
  orderOpenedNotification,
} from '../../modules/order/order-notifications';
import {
  paymentReceivedNotifications,
  payoutPaidNotification,
} from '../../modules/payment/payment-notifications';
import {
  documentAddedNotification,
  issueNotification,
  noteAddedNotification,
  resourcesAssignedNotification,
  tripsCancelledNotification,
  tripStatusNotification,
  type CancelledBy,
} from '../../modules/trip/trip-notifications';
import { listTransportersWhoMayBid } from '../../queries/order-visibility.repository';
import type { Tx } from '../client';
import {
  bids,
  companies,
  invoices,
  notifications,
  orders,
  payments,
  payouts,
  tripDocuments,
  tripIssues,
  tripNotes,
  tripStatusLogs,
  trips,
  users,
} from '../schema';
import { HOUR } from './demo-kit';
import type { StoryClock } from './demo-story';

/** The people of the demo follow their work: what is older than this they have opened. */
const READ_AFTER = 12 * HOUR;

/** One event of the demo's past and the moment it happened. */
interface Told {
  event: NotificationEvent;
  at: Date;
}

/**
 * The demo's notifications, told from its events. The seed's services queued none (see demoContext):
 * here each event the seeded rows record (a company verified, an order placed, a bid, the close of
 * bidding, an award, a crew assigned, each step of each trip, an issue, a paper, a note, a cancellation,
 * a payment, a payout) is described by the builder the live code uses for it, and reaches the people it
 * would have reached then, dated when it happened. Nobody is e-mailed or pushed about the past; what is
 * older than half a day has been read.
 */
export async function tellDemoHistory(tx: Tx, clock: StoryClock): Promise<number> {
  const told = [
    ...(await companiesVerified(tx)),
    ...(await marketEvents(tx, clock)),
    ...(await tripEvents(tx)),
    ...(await moneyEvents(tx)),
  ];
  return deliver(tx, told, clock);
}

async function companiesVerified(tx: Tx): Promise<Told[]> {
  const rows = await tx.select().from(companies);
  return rows.flatMap((company) =>
    company.verifiedAt && company.type !== 'PLATFORM'
      ? [{ event: companyVerifiedNotification(company), at: company.verifiedAt }]
      : [],
  );
}

/** Orders placed, bid on, closed, awarded or cancelled. */
async function marketEvents(tx: Tx, clock: StoryClock): Promise<Told[]> {
  const names = new Map((await tx.select().from(companies)).map((c) => [c.id, c.name]));
  const bidRows = await tx.select().from(bids);
  const tripRows = await tx.select().from(trips);
  const invoiceOf = new Map((await tx.select().from(invoices)).map((i) => [i.tripId, i]));
  const told: Told[] = [];
  for (const order of await tx.select().from(orders)) {
    const customerName = names.get(order.customerCompanyId) ?? '';
    const notified = { ...order, customerName };
    const ofOrder = bidRows.filter((b) => b.orderId === order.id);
    told.push({
      event: orderOpenedNotification(order, customerName, await listTransportersWhoMayBid(tx, order)),
      at: order.createdAt,
    });
    for (const bid of ofOrder) {
      const transporter = names.get(bid.transporterCompanyId) ?? '';
      told.push({
        event: bidChangedNotification(
          'placed',
          order,
          bid,
          transporter,
          bid.createdBy ?? '',
          bid.createdAt.toISOString(),
        ),
        at: bid.createdAt,
      });
      if (bid.withdrawnAt) {
        told.push({
          event: bidChangedNotification(
            'withdrawn',
            order,
            bid,
            transporter,
            bid.createdBy ?? '',
            bid.withdrawnAt.toISOString(),
          ),
          at: bid.withdrawnAt,
        });
      }
    }
    // Bidding closed on an order still open then: neither cancelled nor awarded before its close.
    const closes = order.biddingClosesAt;
    const openAtClose = [order.cancelledAt, order.awardedAt].every((t) => !t || t > closes);
    if (closes.getTime() <= clock.now && openAtClose) {
      const active = ofOrder.filter(
        (b) => b.createdAt <= closes && (!b.withdrawnAt || b.withdrawnAt > closes),
      );
      for (const event of biddingClosedNotifications(
        order,
        active.map((b) => b.transporterCompanyId),
        closes.toISOString(),
      )) {
        told.push({ event, at: closes });
      }
    }
    const actor = order.createdBy ?? '';
    if (order.awardedAt) {
      for (const bid of ofOrder.filter((b) => b.status === 'WON')) {
        const won = tripRows
          .filter((r) => r.bidId === bid.id)
          .sort((a, b) => a.tripNumber.localeCompare(b.tripNumber));
        const award = {
          bidId: bid.id,
          transporterCompanyId: bid.transporterCompanyId,
          customerCompanyId: order.customerCompanyId,
          tripNumbers: won.map((r) => r.tripNumber),
          amountKobo: bid.amountKobo,
          dueAt: invoiceOf.get(won[0]!.id)!.dueAt,
        };
        told.push({ event: bidWonNotification(notified, award, actor), at: order.awardedAt });
        told.push({ event: invoicesRaisedNotification(notified, award), at: order.awardedAt });
      }
      for (const bid of ofOrder.filter((b) => b.status === 'LOST')) {
        told.push({ event: bidLostNotification(notified, bid, actor), at: order.awardedAt });
      }
    }
    if (order.cancelledAt) {
      const closed = ofOrder.filter((b) => b.status === 'LOST').map((b) => b.transporterCompanyId);
      if (closed.length > 0) {
        told.push({
          event: orderCancelledNotification(notified, order.cancellationReason ?? '', closed, actor),
          at: order.cancelledAt,
        });
      }
    }
  }
  return told;
}

/** What happened on the trips: crews, steps, issues, papers, notes, cancellations. */
async function tripEvents(tx: Tx): Promise<Told[]> {
  const tripRows = await tx.select().from(trips);
  const userRows = await tx.select().from(users);
  const names = new Map((await tx.select().from(companies)).map((c) => [c.id, c.name]));
  const tripOf = new Map(tripRows.map((r) => [r.id, r]));
  const owner = (companyId: string) =>
    userRows.find((u) => u.companyId === companyId && u.userType === 'TRANSPORTER')?.id ?? '';
  const told: Told[] = [];
  for (const trip of tripRows) {
    if (trip.truckId && trip.truckAssignedAt) {
      told.push({
        event: resourcesAssignedNotification(trip, 'assigned', owner(trip.transporterCompanyId)),
        at: trip.truckAssignedAt,
      });
    }
    if (trip.cancelledAt) {
      const by = userRows.find((u) => u.id === trip.cancelledByUserId);
      const byAdmin = by?.userType === 'ADMIN';
      const byCompany = names.get(by?.companyId ?? '');
      const cancelledBy: CancelledBy = byAdmin
        ? { by: 'admin' }
        : byCompany !== undefined
          ? { by: 'company', name: byCompany }
          : { by: 'unknown' };
      const cancellation = {
        tripIds: [trip.id],
        tripNumbers: [trip.tripNumber],
        cancelledBy,
        reason: trip.cancellationReason ?? '',
      };
      // The other side hears of it; both do when an admin cancelled.
      const toTell = byAdmin
        ? [trip.customerCompanyId, trip.transporterCompanyId]
        : [by?.companyId === trip.customerCompanyId ? trip.transporterCompanyId : trip.customerCompanyId];
      for (const companyId of toTell) {
        told.push({
          event: tripsCancelledNotification(companyId, cancellation, by?.id ?? ''),
          at: trip.cancelledAt,
        });
      }
    }
  }
  const logs = await tx.select().from(tripStatusLogs).where(isNull(tripStatusLogs.undoneAt));
  for (const log of logs) {
    const by =
      log.recordedBy === 'GEOFENCE' ? 'geofence' : log.recordedBy === 'DRIVER_PHONE' ? 'driver' : 'person';
    told.push({
      event: tripStatusNotification(
        tripOf.get(log.tripId)!,
        { status: log.status, at: log.at, by },
        log.actorUserId,
      ),
      at: log.at,
    });
  }
  for (const issue of await tx.select().from(tripIssues)) {
    const trip = tripOf.get(issue.tripId)!;
    const about = { id: issue.id, type: issue.issueType, description: issue.description };
    told.push({ event: issueNotification(trip, about, 'opened', issue.openedByUserId), at: issue.openedAt });
    if (issue.resolvedAt) {
      told.push({
        event: issueNotification(trip, about, 'resolved', issue.resolvedByUserId),
        at: issue.resolvedAt,
      });
    }
  }
  for (const document of await tx.select().from(tripDocuments)) {
    const about = {
      id: document.id,
      kind: document.kind,
      fileName: document.fileName,
    };
    told.push({
      event: documentAddedNotification(tripOf.get(document.tripId)!, about, document.uploadedByUserId),
      at: document.createdAt,
    });
  }
  for (const note of await tx.select().from(tripNotes)) {
    told.push({
      event: noteAddedNotification(
        tripOf.get(note.tripId)!,
        { text: note.note, side: note.side },
        note.updatedByUserId ?? '',
      ),
      at: note.createdAt,
    });
  }
  return told;
}

/** Payments received and payouts sent. */
async function moneyEvents(tx: Tx): Promise<Told[]> {
  const invoiceOf = new Map((await tx.select().from(invoices)).map((i) => [i.id, i]));
  const tripNumberOf = new Map((await tx.select().from(trips)).map((r) => [r.id, r.tripNumber]));
  const payoutRows = await tx.select().from(payouts);
  const told: Told[] = [];
  for (const payment of await tx.select().from(payments)) {
    const invoice = invoiceOf.get(payment.invoiceId)!;
    const payout = payoutRows.find((p) => p.invoiceId === invoice.id);
    if (payment.status !== 'SUCCEEDED' || !payment.paidAt || !payout) continue;
    const events = paymentReceivedNotifications(
      {
        paymentId: payment.id,
        method: payment.method,
        reference: payment.reference,
        amountKobo: payment.amountKobo,
        paidAt: payment.paidAt,
        invoice: { ...invoice, tripNumber: tripNumberOf.get(invoice.tripId)! },
        netKobo: payout.netKobo,
      },
      payment.createdBy,
    );
    for (const event of events) told.push({ event, at: payment.paidAt });
  }
  for (const payout of payoutRows) {
    if (!payout.paidOutAt || !payout.reference) continue;
    const invoice = invoiceOf.get(payout.invoiceId)!;
    told.push({
      event: payoutPaidNotification(
        {
          id: payout.id,
          netKobo: payout.netKobo,
          reference: payout.reference,
          transporterCompanyId: payout.transporterCompanyId,
          invoiceNumber: invoice.invoiceNumber,
          tripNumber: tripNumberOf.get(invoice.tripId)!,
        },
        payout.paidOutBy ?? '',
      ),
      at: payout.paidOutAt,
    });
  }
  return told;
}

/**
 * Writes each event's in-app notification for the people it reaches, as the fan-out would have then:
 * the active members of the companies named and the users named, who had joined by then and whose role
 * hears that kind, never the person who acted. Returns how many were written.
 */
async function deliver(tx: Tx, told: Told[], clock: StoryClock): Promise<number> {
  const people = (await tx.select().from(users)).filter(
    (u) => u.activatedAt && !u.deactivatedAt && !u.erasedAt,
  );
  const hears = (kind: NotificationKind, userType: (typeof people)[number]['userType']) =>
    NOTIFICATION_KINDS_BY_ROLE[ROLE_OF_USER_TYPE[userType]].includes(kind);
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const { event, at } of told) {
    const companyIds = new Set(event.to.companyIds ?? []);
    const userIds = new Set(event.to.userIds ?? []);
    for (const person of people) {
      if (!companyIds.has(person.companyId) && !userIds.has(person.id)) continue;
      if (
        person.id === event.actorUserId ||
        person.activatedAt! > at ||
        !hears(event.kind, person.userType)
      ) {
        continue;
      }
      rows.push({
        userId: person.id,
        kind: event.kind,
        title: renderNotificationMessage(readerLocale(person.language), event.title),
        body: renderNotificationMessage(readerLocale(person.language), event.body),
        link: event.link,
        sourceKey: event.key,
        inApp: true,
        createdAt: at,
        readAt: at.getTime() < clock.now - READ_AFTER ? new Date(at.getTime() + HOUR) : null,
      });
    }
  }
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const added = await tx
      .insert(notifications)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: [notifications.userId, notifications.sourceKey] })
      .returning({ id: notifications.id });
    written += added.length;
  }
  return written;
}
