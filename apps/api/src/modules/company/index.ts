import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { companyRoutes } from './company.routes';
import { waitingTermsRoutes } from './waiting-terms.routes';

// A company's details, documents and verification facts, and the waiting terms it bills by.

export function registerCompany(app: ZodApp, ctx: AppContext): void {
  companyRoutes(app, ctx);
  waitingTermsRoutes(app, ctx);
}

export { openCompanyDocumentFile, toCompanyDocument } from './company-documents.service';
export type { DocumentFile } from './company-documents.service';
export { assessCompany } from './company-verification.service';
export { sendDocumentFile } from './send-document-file';
export { waitingTermsOf } from './waiting-terms.service';
