import type { OrderItem } from '@freightlane/domain';
import type { OrdersText } from './text';

/** How an item is named in lists: its container number, or its truck load's position and cargo. */
export function itemName(t: OrdersText, item: OrderItem): string {
  if (item.containerNumber) return item.containerNumber;
  return item.description
    ? t('item.truckLoadNamed', { number: item.position, description: item.description })
    : t('item.truckLoadNumber', { number: item.position });
}
