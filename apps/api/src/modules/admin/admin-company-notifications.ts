import { randomUUID } from 'node:crypto';
import type { CompanyType } from '@freightlane/domain';
import type { NotificationEvent } from '../notification';

const WHAT_NEXT: Record<CompanyType, string> = {
  CUSTOMER: 'You can now place haulage orders and award them to transporters.',
  TRANSPORTER: 'You can now bid for haulage jobs and run trips for your customers.',
  PLATFORM: 'You can now do business on Freightlane.',
};

export function companyVerifiedNotification(company: {
  id: string;
  name: string;
  type: CompanyType;
}): NotificationEvent {
  const title = `${company.name}: company verified`;
  return {
    kind: 'COMPANY_VERIFIED',
    to: { companyIds: [company.id] },
    title,
    body: `${company.name} is verified. ${WHAT_NEXT[company.type]}`,
    link: company.type === 'CUSTOMER' ? '/home' : '/transporterhome',
    key: `company-verified:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        `We have checked the details and documents of ${company.name}. Your company is verified.`,
        WHAT_NEXT[company.type],
      ],
      actionLabel: 'Open Freightlane',
    },
  };
}

export function companyRejectedNotification(
  company: { id: string; name: string },
  reason: string,
): NotificationEvent {
  const title = `${company.name}: verification not approved`;
  return {
    kind: 'COMPANY_REJECTED',
    to: { companyIds: [company.id] },
    title,
    body: `We could not verify ${company.name} yet. Reason: ${reason}`,
    link: '/company',
    key: `company-rejected:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        `We could not verify ${company.name} yet.`,
        `Reason: ${reason}`,
        'Correct your company details or upload the documents again. We review your company as soon as everything is in.',
      ],
      actionLabel: 'Update company details',
    },
  };
}

/** Told by e-mail above all: a suspended company's people cannot sign in to read it in the app. */
export function companySuspendedNotification(
  company: { id: string; name: string },
  reason: string,
): NotificationEvent {
  const title = `${company.name}: account suspended`;
  return {
    kind: 'COMPANY_SUSPENDED',
    to: { companyIds: [company.id] },
    title,
    body: `Your company's account is suspended. Reason: ${reason}`,
    link: null,
    key: `company-suspended:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        `Freightlane has suspended the account of ${company.name}. Until it is lifted, nobody in your company can sign in; trips already under way keep their public tracking pages.`,
        `Reason: ${reason}`,
        'Reply to this e-mail or call Freightlane support to resolve it.',
      ],
    },
  };
}
