// The trip's cash (advances, expenses, review, settlement, profit) and the driver's running balance
// (docs/decisions/046-money-on-the-road.md).
export { TripCashCard } from './components/trip-cash-card';
export { DriverBalanceCard } from './components/driver-balance-card';
// An amount typed in naira, read into kobo: other features' money fields read it the same way.
export { nairaField } from './components/naira-field';
// Every query of the cash, for another feature whose write moves it (a call-up the driver paid).
export { tripCashKeys } from './api/trip-cash-api';
