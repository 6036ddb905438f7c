import { dayValue, type NotificationEvent, type NotificationMessage } from '../notification';

export interface NoticedTruck {
  tripId: string;
  tripNumber: string;
  transporterCompanyId: string;
  deliveryName: string;
  deliveryState: string;
  freeOn: string;
}

/**
 * RETURN_LOAD_FOUND to the truck's transporter: open orders it had not heard of now pick up near where the
 * truck delivers, after it is free. One message per truck however many orders, keyed by the orders so a
 * later match is a message of its own.
 */
export function returnLoadNotification(
  truck: NoticedTruck,
  orderNumbers: string[],
  radiusKm: number,
): NotificationEvent {
  const values = {
    tripNumber: truck.tripNumber,
    count: orderNumbers.length,
    place: `${truck.deliveryName}, ${truck.deliveryState}`,
    orderNumbers: orderNumbers.join(', '),
    radius: radiusKm,
    freeOn: dayValue(truck.freeOn),
  };
  const title: NotificationMessage = { key: 'returnLoadFound.title', values };
  return {
    kind: 'RETURN_LOAD_FOUND',
    to: { companyIds: [truck.transporterCompanyId] },
    title,
    body: { key: 'returnLoadFound.body', values },
    link: `/trips/${truck.tripId}#return-loads`,
    key: `return-load:${truck.tripId}:${orderNumbers.join(',')}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'returnLoadFound.email.paragraph1', values },
        { key: 'returnLoadFound.email.orders', values },
        { key: 'returnLoadFound.email.paragraph2', values },
      ],
      actionLabel: { key: 'returnLoadFound.email.action' },
    },
  };
}
