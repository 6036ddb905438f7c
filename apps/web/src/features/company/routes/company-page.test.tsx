import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { GHANA, NIGERIA, profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import type { TestRole } from '../../../test/fakes';
import { deferred, mockXhrUpload, type UploadReply } from '../../../test/fake-xhr';
import { CompanyPage } from './company-page';

type Status = 'UNVERIFIED' | 'PENDING_REVIEW' | 'VERIFIED' | 'REJECTED';

function profileOf(status: Status, rejectionReason: string | null = null, country = NIGERIA) {
  return profileFixture(
    { email: 'musa@kano-haulage.ng' },
    {
      name: 'Kano Haulage Ltd',
      cacRegistrationNumber: 'RC 1234567',
      tin: '12345678-0001',
      address: { street: '3 Wharf Road', neighborhood: '', lga: 'Apapa', city: 'Lagos', state: 'Lagos' },
      contactName: 'Musa Bello',
      contactPhone: '+2348031234567',
      contactEmail: 'ops@kano-haulage.ng',
      verificationStatus: status,
      rejectionReason,
    },
    country,
  );
}

const CAC = {
  id: 'd1',
  type: 'CAC_CERTIFICATE',
  label: 'CAC certificate',
  status: 'APPROVED',
  fileName: 'cac-certificate.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 245_760,
  rejectionReason: null,
  createdAt: '2026-11-20T09:30:00.000Z',
};
const LICENCE = {
  id: 'd2',
  type: 'OPERATING_LICENCE',
  label: 'Operating licence',
  status: 'REJECTED',
  fileName: 'licence.jpg',
  mimeType: 'image/jpeg',
  sizeBytes: 1_048_576,
  rejectionReason: 'The licence expired in 2025',
  createdAt: '2026-11-20T09:35:00.000Z',
};

function validationOf(status: Status, documents: Record<string, string>) {
  const list = [
    { type: 'CAC_CERTIFICATE', label: 'CAC certificate' },
    { type: 'OPERATING_LICENCE', label: 'Operating licence' },
    { type: 'GIT_INSURANCE', label: 'Goods-in-transit insurance' },
  ].map((d) => ({ ...d, status: documents[d.type] ?? 'MISSING' }));
  const missing = list.filter((d) => d.status === 'MISSING' || d.status === 'REJECTED').map((d) => d.type);
  return {
    verificationStatus: status,
    complete: missing.length === 0,
    missingDetails: [],
    documents: list,
    missingDocuments: missing,
    awaitingReview: list.filter((d) => d.status === 'PENDING_REVIEW').map((d) => d.type),
  };
}

function setUp(options: { status?: Status; reason?: string | null; role?: TestRole } = {}) {
  const status = options.status ?? 'UNVERIFIED';
  const api = mockApi({
    'GET /api/v1/user/me': {
      body: { status: 'Successful', data: profileOf(status, options.reason ?? null) },
    },
    'GET /api/v1/company/documents/validate': {
      body: validationOf(status, { CAC_CERTIFICATE: 'APPROVED', OPERATING_LICENCE: 'REJECTED' }),
    },
    'GET /api/v1/company/documents': { body: [LICENCE, CAC] },
    'GET /api/v1/company/documents/d1/file': { body: { pretend: 'pdf' } },
  });
  seedSession(options.role ?? 'role_transporter', 'Musa');
  return { api, ...renderRoute('/company') };
}

function pdfFile(name = 'insurance.pdf', size?: number) {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function documentsCard() {
  // The first render loads the page's lazy chunk, which can take a while on a busy machine.
  const heading = await screen.findByRole('heading', { name: 'Verification documents' });
  const card = heading.closest('section')!;
  await within(card).findByText('Operating licence');
  return within(card);
}

function rowOf(card: ReturnType<typeof within>, label: string) {
  return within(card.getByText(label, { selector: 'p' }).closest('li')!);
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the verification documents card', () => {
  it('lists each required document with its status, the rejection reason and the current file', async () => {
    setUp();
    const card = await documentsCard();
    const cac = rowOf(card, 'CAC certificate');
    expect(cac.getByText('Approved')).toBeVisible();
    expect(cac.getByText(/cac-certificate\.pdf · 240 KB · uploaded 20 Nov 2026, 10:30/)).toBeVisible();
    expect(cac.getByRole('button', { name: 'Download CAC certificate' })).toBeVisible();
    const licence = rowOf(card, 'Operating licence');
    expect(licence.getByText('Rejected', { selector: 'span' })).toBeVisible();
    expect(licence.getByText('Rejected: The licence expired in 2025')).toBeVisible();
    const insurance = rowOf(card, 'Goods-in-transit insurance');
    expect(insurance.getByText('Missing')).toBeVisible();
    expect(insurance.getByText('Not uploaded yet')).toBeVisible();
    expect(insurance.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(insurance.getByRole('button', { name: 'Upload Goods-in-transit insurance' })).toBeEnabled();
  });

  it('uploads a file with its type, shows progress, then refreshes the checklist and the list', async () => {
    const reply = deferred<UploadReply>();
    const xhr = mockXhrUpload(() => reply.promise);
    const { api, user } = setUp();
    const card = await documentsCard();
    const validateCalls = api.calls('GET /api/v1/company/documents/validate').length;
    const listCalls = api.calls('GET /api/v1/company/documents').length;

    await user.upload(card.getByLabelText('Choose a file for Goods-in-transit insurance'), pdfFile());
    expect(await screen.findByText('Uploading… 50%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Uploading Goods-in-transit insurance' })).toBeVisible();
    expect(xhr.requests).toHaveLength(1);
    expect(xhr.requests[0]!.url).toBe('/api/v1/company/documents');
    expect(xhr.requests[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(xhr.requests[0]!.form.get('type')).toBe('GIT_INSURANCE');
    expect((xhr.requests[0]!.form.get('file') as File).name).toBe('insurance.pdf');

    reply.resolve({
      status: 201,
      body: { ...CAC, id: 'd3', type: 'GIT_INSURANCE', status: 'PENDING_REVIEW' },
    });
    expect(
      await screen.findByText('Goods-in-transit insurance uploaded. We review it with your company details.'),
    ).toBeVisible();
    await waitFor(() => {
      expect(api.calls('GET /api/v1/company/documents/validate').length).toBeGreaterThan(validateCalls);
      expect(api.calls('GET /api/v1/company/documents').length).toBeGreaterThan(listCalls);
    });
    expect(screen.queryByText(/Uploading…/)).toBeNull();
  });

  it('checks the size and type in the browser before sending anything', async () => {
    const xhr = mockXhrUpload(() => ({ status: 201, body: {} }));
    const { user } = setUp();
    const card = await documentsCard();
    const input = card.getByLabelText('Choose a file for Goods-in-transit insurance');
    await user.upload(input, pdfFile('big.pdf', 11 * 1024 * 1024));
    expect(await card.findByRole('alert')).toHaveTextContent('The file must be at most 10 MB.');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await card.findByText('Choose a PDF, JPEG or PNG file.')).toBeVisible();
    expect(xhr.requests).toHaveLength(0);
  });

  it("shows the server's message in a toast when the upload is refused", async () => {
    mockXhrUpload(() => ({
      status: 400,
      body: {
        message: 'This file type is not accepted. Upload a PDF, JPEG, PNG file',
        errors: [{ field: 'file', message: 'Upload a PDF, JPEG, PNG file' }],
      },
    }));
    const { user } = setUp();
    const card = await documentsCard();
    await user.upload(card.getByLabelText('Choose a file for Operating licence'), pdfFile('fake.pdf'));
    expect(
      await screen.findByText('This file type is not accepted. Upload a PDF, JPEG, PNG file'),
    ).toBeVisible();
    expect(screen.getByText('Operating licence not uploaded')).toBeVisible();
  });

  it('downloads the current file with the bearer token', async () => {
    const toObjectUrl = vi.fn(() => 'blob:cac');
    Object.assign(URL, { createObjectURL: toObjectUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = setUp();
    const card = await documentsCard();
    await user.click(card.getByRole('button', { name: 'Download CAC certificate' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = api.calls('GET /api/v1/company/documents/d1/file');
    expect(request!.headers.authorization).toMatch(/^Bearer /);
    expect(toObjectUrl).toHaveBeenCalled();
  });

  it('asks before a verified company replaces a document', async () => {
    const xhr = mockXhrUpload(() => ({ status: 201, body: CAC }));
    const { user } = setUp({ status: 'VERIFIED' });
    const card = await documentsCard();
    await user.upload(card.getByLabelText('Choose a file for CAC certificate'), pdfFile('cac-2027.pdf'));
    const dialog = await screen.findByRole('dialog', { name: 'Replace this document?' });
    expect(xhr.requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
  });

  it('lets a fleet manager see and download the documents but not upload them', async () => {
    setUp({ role: 'role_fleet_manager' });
    const card = await documentsCard();
    expect(card.queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(card.getByText("Only your company's owner account can upload documents.")).toBeVisible();
    expect(card.getByRole('button', { name: 'Download CAC certificate' })).toBeVisible();
  });
});

describe('the verification banner', () => {
  it('says the company awaits review', async () => {
    setUp({ status: 'PENDING_REVIEW' });
    expect(await screen.findByText('Awaiting review by Freightlane')).toBeVisible();
  });

  it('gives the rejection reason and what to do', async () => {
    setUp({ status: 'REJECTED', reason: 'The TIN does not match the CAC certificate' });
    expect(
      await screen.findByText('Rejected: The TIN does not match the CAC certificate — fix and upload again.'),
    ).toBeVisible();
  });
});

describe('the company details form', () => {
  it("shows the contact phone with the phone code of the person's country, from GET /user/me", async () => {
    mockApi({
      'GET /api/v1/user/me': {
        body: {
          status: 'Successful',
          data: profileOf('VERIFIED', null, GHANA),
        },
      },
      'GET /api/v1/company/documents/validate': { body: validationOf('VERIFIED', {}) },
      'GET /api/v1/company/documents': { body: [] },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/company');
    const phone = await screen.findByLabelText(/^Contact phone/);
    expect(within(phone.closest<HTMLElement>('.mantine-InputWrapper-root')!).getByText('+233')).toBeVisible();
    expect(phone).toHaveAccessibleDescription(/\+233/);
  });
});

describe('the company page in Pidgin', () => {
  it('says the verification, the documents and their statuses in Pidgin', async () => {
    mockApi({
      'GET /api/v1/user/me': {
        body: { status: 'Successful', data: profileOf('REJECTED', 'The TIN is wrong') },
      },
      'GET /api/v1/company/documents/validate': {
        body: validationOf('REJECTED', { CAC_CERTIFICATE: 'APPROVED', OPERATING_LICENCE: 'REJECTED' }),
      },
      'GET /api/v1/company/documents': { body: [LICENCE, CAC] },
    });
    seedSession('role_customer', 'Ngozi');
    const element = (
      <AppLanguageProvider initialLocale="pcm">
        <CompanyPage />
      </AppLanguageProvider>
    );
    renderRoute('/company', { routes: [{ path: '/company', element }] });
    expect(await screen.findByText('E no pass: The TIN is wrong — fix am and upload again.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Your company' })).toBeVisible();
    const card = await documentsCard();
    expect(rowOf(card, 'Goods-in-transit insurance').getByText('You never upload am')).toBeVisible();
    expect(rowOf(card, 'CAC certificate').getByText('E don pass')).toBeVisible();
    expect(card.getByRole('button', { name: 'Upload new file for Operating licence' })).toBeVisible();
  });
});
