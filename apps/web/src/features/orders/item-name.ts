import type { OrderItem } from '@freightlane/domain';

/** How an item is named in lists: its container number, or its truck load's position and cargo. */
export function itemName(item: OrderItem): string {
  if (item.containerNumber) return item.containerNumber;
  return `Truck load ${item.position}${item.description ? `: ${item.description}` : ''}`;
}
