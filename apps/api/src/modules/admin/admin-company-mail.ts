import type { CompanyType } from '@freightlane/domain';
import { renderEmail } from '../../lib/mail-layout';

const WHAT_NEXT: Record<CompanyType, string> = {
  CUSTOMER: 'You can now place haulage orders and award them to transporters.',
  TRANSPORTER: 'You can now bid for haulage jobs and run trips for your customers.',
  PLATFORM: 'You can now do business on Freightlane.',
};

export function companyVerifiedEmail(
  firstName: string,
  company: { name: string; type: CompanyType },
  url: string,
) {
  return renderEmail({
    subject: 'Your company is verified',
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `We have checked the details and documents of ${company.name}. Your company is verified.`,
      WHAT_NEXT[company.type],
    ],
    action: { label: 'Open Freightlane', url },
  });
}

export function companyRejectedEmail(firstName: string, companyName: string, reason: string, url: string) {
  return renderEmail({
    subject: 'Your company verification was not approved',
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `We could not verify ${companyName} yet.`,
      `Reason: ${reason}`,
      'Correct your company details or upload the documents again. We review your company as soon as everything is in.',
    ],
    action: { label: 'Update company details', url },
  });
}
