import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { canTransporterSeeOrder } from '../../queries/order-visibility.repository';
import { findOrder, type OrderRecord } from './order.repository';

export type { OrderRecord };

/**
 * The order when the caller may see it: its customer, or a transporter the visibility rule lets in;
 * 404 otherwise, so another company cannot learn that the id exists. `forUpdate` locks the row for the
 * rest of the transaction: every change to an order or its bids takes this lock first, so an award, a
 * cancellation and a bid change run one after the other.
 */
export async function loadOrderFor(
  db: Executor,
  principal: Principal,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRecord> {
  const isCustomer = principal.companyType === 'CUSTOMER';
  const order = await findOrder(db, orderId, {
    forUpdate: options.forUpdate,
    customerCompanyId: isCustomer ? principal.companyId : undefined,
  });
  const visible =
    order !== undefined &&
    (isCustomer ||
      (principal.companyType === 'TRANSPORTER' &&
        (await canTransporterSeeOrder(db, principal.companyId, order))));
  if (!order || !visible) throw notFound('Order');
  return order;
}
