// The trip's cash (advances, expenses, review, settlement, profit) and the driver's running balance
// (docs/decisions/046-money-on-the-road.md).
export { TripCashCard } from './components/trip-cash-card';
export { DriverBalanceCard } from './components/driver-balance-card';
