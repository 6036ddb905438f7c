/** What other features may use from admin. */
export { PendingCompaniesCard } from './components/pending-companies-card';
