// The driver's USSD access, shown on the fleet's driver page.
export { UssdAccessCard } from './components/ussd-access-card';
