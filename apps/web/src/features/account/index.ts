/** What other features may use from account. */
export { useResendActivation } from './api/account-api';
export { TextWith } from './components/text-with';
