import { randomUUID } from 'node:crypto';
import type { CompanyType } from '@freightlane/domain';
import type { NotificationEvent, NotificationMessage } from '../notification';

export function companyVerifiedNotification(company: {
  id: string;
  name: string;
  type: CompanyType;
}): NotificationEvent {
  // What the company can do now depends on its type; the catalog words each one.
  const values = { companyName: company.name, type: company.type };
  const title: NotificationMessage = { key: 'companyVerified.title', values };
  return {
    kind: 'COMPANY_VERIFIED',
    to: { companyIds: [company.id] },
    title,
    body: { key: 'companyVerified.body', values },
    link: company.type === 'CUSTOMER' ? '/home' : '/transporterhome',
    key: `company-verified:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'companyVerified.email.paragraph1', values },
        { key: 'companyVerified.email.whatNext', values },
      ],
      actionLabel: { key: 'companyVerified.email.action' },
    },
  };
}

export function companyRejectedNotification(
  company: { id: string; name: string },
  reason: string,
): NotificationEvent {
  const values = { companyName: company.name, reason };
  const title: NotificationMessage = { key: 'companyRejected.title', values };
  return {
    kind: 'COMPANY_REJECTED',
    to: { companyIds: [company.id] },
    title,
    body: { key: 'companyRejected.body', values },
    link: '/company',
    key: `company-rejected:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'companyRejected.email.paragraph1', values },
        { key: 'email.reason', values },
        { key: 'companyRejected.email.paragraph3' },
      ],
      actionLabel: { key: 'companyRejected.email.action' },
    },
  };
}

/** Told by e-mail above all: a suspended company's people cannot sign in to read it in the app. */
export function companySuspendedNotification(
  company: { id: string; name: string },
  reason: string,
): NotificationEvent {
  const values = { companyName: company.name, reason };
  const title: NotificationMessage = { key: 'companySuspended.title', values };
  return {
    kind: 'COMPANY_SUSPENDED',
    to: { companyIds: [company.id] },
    title,
    body: { key: 'companySuspended.body', values },
    link: null,
    key: `company-suspended:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'companySuspended.email.paragraph1', values },
        { key: 'email.reason', values },
        { key: 'companySuspended.email.paragraph3' },
      ],
    },
  };
}
