import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { roadMoneyRoutes } from './road-money.routes';

// Money on the road: the advances a driver is given, the expenses the driver records (from the phone, or
// by the office), their review, the settlement at the trip's end, the driver's running balance and the
// trip's profit (docs/decisions/046-money-on-the-road.md).

export function registerRoadMoney(app: ZodApp, ctx: AppContext): void {
  roadMoneyRoutes(app, ctx);
}

export { withReceipt } from './receipt';
export {
  answerExpenseQueryIn,
  driverTripCash,
  expenseRecordedMessage,
  recordExpenseIn,
  tripOfDriverExpense,
  tripMoneyFor,
  type StoredReceipt,
} from './road-money.service';
export { advancesOfDriver, expensesOfDriver, forgetExpenseSpots } from './road-money.repository';
export { checkDieselOfTrips } from './diesel-check.service';
