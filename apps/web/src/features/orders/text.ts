import { createTranslator, messagesOf } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The customer's orders: the list, the order with its bids and trips, and the order wizard. */
export const useOrdersText = defineAppText('features/orders', english);
export type OrdersText = ReturnType<typeof useOrdersText>;
export type OrdersKey = Parameters<OrdersText>[0];

/** The English words, for the rules that run outside a screen (the draft's checks) and their tests. */
export const ORDERS_ENGLISH: OrdersText = createTranslator('en-NG', {
  'en-NG': messagesOf(english) as Record<OrdersKey, string>,
});
