import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lagosDateInDays } from '@freightlane/domain';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { typedDayFirst } from '../../../test/typed-date';
import { LINERS, ORDER_ID, TERMINALS, orderDetail } from '../order-fixtures';
import { emptyOrderDraft, orderDraftKey, saveOrderDraft, type OrderDraftValues } from '../order-draft';

// The page's code is loaded lazily, which takes a moment on a cold start.

function daysAhead(days: number): string {
  return lagosDateInDays(days);
}

function mockWizardApi(extra: Record<string, MockReply | ((request: RecordedRequest) => MockReply)> = {}) {
  return mockApi({
    'GET /api/v1/lookups/terminals': { body: TERMINALS },
    'GET /api/v1/lookups/liners': { body: LINERS },
    'GET /api/v1/preferred-partners': { body: [] },
    [`GET /api/v1/orders/${ORDER_ID}`]: { body: orderDetail() },
    ...extra,
  });
}

/** A complete draft, as the wizard would have saved it, waiting on the review step. */
function completeDraft(): OrderDraftValues {
  return {
    ...emptyOrderDraft(),
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Cement',
    containers: [
      {
        containerNumber: 'MSKU1234565',
        containerSize: 'FTS_40',
        linerId: LINERS[0]!.id,
        deliveryOrderValidityDate: daysAhead(10),
      },
    ],
    pickup: { ...emptyOrderDraft().pickup, terminalId: TERMINALS[0]!.id },
    recipient: { ...emptyOrderDraft().recipient, terminalId: TERMINALS[1]!.id },
    bidDetails: {
      pickupDate: daysAhead(5),
      closingDate: daysAhead(2),
      closingTime: '17:30',
      targetPrice: '',
    },
  };
}

function seedDraft(step: number, values: OrderDraftValues) {
  const session = seedSession('role_customer');
  const key = orderDraftKey(session.accessToken)!;
  saveOrderDraft(window.localStorage, key, { step, values });
  return key;
}

async function choose(user: ReturnType<typeof renderRoute>['user'], label: string, option: string | RegExp) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function stepHeading(name: string) {
  return screen.findByRole('heading', { level: 2, name });
}

/** Typing through four steps takes a while in jsdom. */
const LONG = 30_000;

describe('the order wizard', () => {
  it(
    'walks the four steps and the review, then places the order with kobo and normalised numbers',
    async () => {
      const api = mockWizardApi({ 'POST /api/v1/orders': { status: 201, body: orderDetail() } });
      const key = orderDraftKey(seedSession('role_customer').accessToken)!;
      const { user, router } = renderRoute('/orders/new');

      // Step 1: cargo type
      expect(await stepHeading('Cargo type')).toBeVisible();
      expect(document.title).toBe('Order haulage · Freightlane');
      for (const label of ['Import SOC', 'Import LOC', 'Empty Container', 'Export', 'General Cargo'])
        expect(screen.getByRole('radio', { name: new RegExp(label) })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await screen.findByText('Choose a cargo type')).toBeVisible();
      expect(screen.getByText('Client name is required')).toBeVisible();
      await user.click(screen.getByRole('radio', { name: /Import LOC/ }));
      await user.type(screen.getByLabelText(/^Client name/), 'Dangote Cement');
      await user.type(screen.getByLabelText(/^Reference/), 'BL-4471');
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));

      // Step 2: containers
      expect(await stepHeading('Containers')).toBeVisible();
      const number = screen.getByLabelText('Container number');
      await user.type(number, 'MSKU1234566');
      await user.tab();
      expect(
        await screen.findByText('The check digit does not match; check the container number'),
      ).toBeVisible();
      await user.clear(number);
      await user.type(number, 'msku 123456-5');
      await waitFor(() =>
        expect(screen.queryByText('The check digit does not match; check the container number')).toBeNull(),
      );
      expect(screen.getByLabelText('Container size', { selector: 'input' })).toHaveValue('20 FT');
      await choose(user, 'Container size', '40 FT');
      await choose(user, 'Liner', 'Maersk');
      await user.type(screen.getByLabelText('Delivery order validity date'), typedDayFirst(daysAhead(10)));
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));

      // Step 3: pickup
      expect(await stepHeading('Pickup')).toBeVisible();
      await choose(user, 'Pickup terminal', /APM Terminals Apapa/);
      await user.type(screen.getByLabelText('Pickup date'), typedDayFirst(daysAhead(5)));
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));

      // Step 4: delivery location and bidding
      expect(await stepHeading('Delivery location')).toBeVisible();
      await user.click(screen.getByRole('radio', { name: 'Address' }));
      await user.type(screen.getByLabelText('Street'), '4 Creek Road');
      await choose(user, 'State', 'Lagos');
      await choose(user, 'LGA', 'Apapa');
      await user.type(screen.getByLabelText('City'), 'Apapa');
      await user.type(screen.getByLabelText('Bidding closes on'), typedDayFirst(daysAhead(2)));
      await user.type(screen.getByLabelText('Bidding closes at'), '17:30');
      await user.type(screen.getByLabelText('Target price per container (optional)'), '450,000.50');
      // No preferred partners yet: the switch stays off, with a way to add some.
      expect(screen.getByLabelText('Only my preferred partners may bid')).toBeDisabled();
      expect(screen.getByRole('link', { name: 'Add preferred partners' })).toHaveAttribute(
        'href',
        '/partners',
      );
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));

      // Review
      expect(await stepHeading('Review your order')).toBeVisible();
      const review = screen.getByRole('region', { name: 'Review your order' });
      expect(within(review).getByText('Import LOC')).toBeVisible();
      expect(within(review).getByText('MSKU1234565')).toBeVisible();
      expect(within(review).getByText(/40 FT · Maersk/)).toBeVisible();
      expect(within(review).getByText('APM Terminals Apapa (Port terminal)')).toBeVisible();
      expect(within(review).getByText('₦450,000.50')).toBeVisible();
      expect(within(review).getByText(/17:30 \(Lagos\)/)).toBeVisible();
      expect(within(review).getByRole('button', { name: 'Edit containers' })).toBeVisible();
      expect(JSON.parse(window.localStorage.getItem(key)!).step).toBe(4);

      await user.click(screen.getByRole('button', { name: 'Place order' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
      const posts = api.calls('POST /api/v1/orders');
      expect(posts).toHaveLength(1);
      expect(posts[0]?.body).toEqual({
        cargoType: 'IMPORT_LINER_OWNED',
        clientName: 'Dangote Cement',
        reference: 'BL-4471',
        containers: [
          {
            containerNumber: 'MSKU1234565',
            containerSize: 'FTS_40',
            linerId: LINERS[0]!.id,
            deliveryOrderValidityDate: daysAhead(10),
          },
        ],
        generalCargos: [],
        pickup: { kind: 'TERMINAL', terminalId: TERMINALS[0]!.id },
        recipient: {
          kind: 'ADDRESS',
          address: { street: '4 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Apapa', state: 'Lagos' },
        },
        bidDetails: {
          pickupDate: daysAhead(5),
          biddingClosesAt: `${daysAhead(2)}T17:30:00+01:00`,
          targetAmountKobo: 45_000_050,
        },
        preferredPartnersOnly: false,
        returnLoadsWelcome: false,
        quoteDocumentId: null,
      });
      expect(await screen.findByText(/Order ORD-2026-000042 is placed/)).toBeVisible();
      expect(window.localStorage.getItem(key)).toBeNull();
    },
    LONG,
  );

  it(
    'takes general cargo as truck loads, with duplicate and remove',
    async () => {
      mockWizardApi();
      seedSession('role_customer');
      const { user } = renderRoute('/orders/new');
      await user.click(await screen.findByRole('radio', { name: /General Cargo/ }));
      await user.type(screen.getByLabelText(/^Client name/), 'Flour Mills');
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await stepHeading('General cargo')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Remove truck load 1' })).toBeDisabled();
      await user.type(screen.getByLabelText('Description'), 'Bagged flour');
      await user.type(screen.getByLabelText('Quantity'), '600');
      await user.type(screen.getByLabelText('Weight (tonnes)'), '30');
      await choose(user, 'Truck type', 'Flatbed');
      await user.click(screen.getByRole('button', { name: 'Duplicate truck load 1' }));
      expect(screen.getAllByLabelText('Description')[1]).toHaveValue('Bagged flour');
      await user.click(screen.getByRole('button', { name: 'Add another truck load' }));
      expect(screen.getAllByLabelText('Description')).toHaveLength(3);
      await user.click(screen.getByRole('button', { name: 'Remove truck load 3' }));
      expect(screen.getAllByLabelText('Description')).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await stepHeading('Pickup')).toBeVisible();
    },
    LONG,
  );

  it(
    'brings a reload back to the same step with the same data',
    async () => {
      mockWizardApi();
      seedSession('role_customer');
      const first = renderRoute('/orders/new');
      await first.user.click(await screen.findByRole('radio', { name: /Export/ }));
      await first.user.type(screen.getByLabelText(/^Client name/), 'Olam Nigeria');
      await first.user.click(screen.getByRole('button', { name: 'Save and continue' }));
      await first.user.type(await screen.findByLabelText('Container number'), 'TGHU7654320');
      first.unmount();

      const second = renderRoute('/orders/new');
      expect(
        await screen.findByText(/^You have an unfinished order from \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/),
      ).toBeVisible();
      expect(screen.getByText(/Export for Olam Nigeria\. You stopped at step 2: Containers\./)).toBeVisible();
      await second.user.click(screen.getByRole('button', { name: 'Resume' }));
      expect(await stepHeading('Containers')).toBeVisible();
      expect(screen.getByLabelText('Container number')).toHaveValue('TGHU7654320');
      await second.user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await stepHeading('Cargo type')).toBeVisible();
      expect(screen.getByLabelText(/^Client name/)).toHaveValue('Olam Nigeria');
      expect(screen.getByRole('radio', { name: /Export/ })).toBeChecked();
    },
    LONG,
  );

  it('discards a saved draft after asking', async () => {
    mockWizardApi();
    const key = seedDraft(2, completeDraft());
    const { user } = renderRoute('/orders/new');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the unfinished order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await stepHeading('Cargo type')).toBeVisible();
    expect(screen.getByLabelText(/^Client name/)).toHaveValue('');
    expect(screen.queryByText(/You have an unfinished order/)).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('ignores a corrupt draft and starts afresh', async () => {
    mockWizardApi();
    const key = orderDraftKey(seedSession('role_customer').accessToken)!;
    window.localStorage.setItem(key, '{"version":1,"step":"two"');
    renderRoute('/orders/new');
    expect(await stepHeading('Cargo type')).toBeVisible();
    expect(screen.queryByText(/You have an unfinished order/)).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('shows the unverified-account dialog when the company is not verified', async () => {
    mockWizardApi({
      'POST /api/v1/orders': {
        status: 403,
        body: { message: 'Only verified companies can place orders.', code: 'COMPANY_NOT_VERIFIED' },
      },
    });
    const key = seedDraft(4, completeDraft());
    const { user } = renderRoute('/orders/new');
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account not verified' });
    expect(dialog.textContent).toMatch(/^Account not verified/);
    const text = within(dialog).getByText(/Your account has not been verified/);
    expect(text.textContent).toMatch(/^Only verified companies can place orders\. /);
    expect(text.textContent).toContain(
      'Your account has not been verified, update your company details HERE to have your account verified.',
    );
    expect(within(dialog).getByRole('link', { name: 'HERE' })).toHaveAttribute('href', '/company');
    // The draft is kept for when the company is verified.
    expect(window.localStorage.getItem(key)).not.toBeNull();
  });

  it(
    'puts server field errors back on their step',
    async () => {
      mockWizardApi({
        'POST /api/v1/orders': {
          status: 400,
          body: {
            message: 'Invalid request.',
            code: 'BAD_REQUEST',
            errors: [
              {
                field: 'containers.0.containerNumber',
                message: 'This container is already on an open order',
              },
            ],
          },
        },
      });
      seedDraft(4, completeDraft());
      const { user } = renderRoute('/orders/new');
      await user.click(await screen.findByRole('button', { name: 'Resume' }));
      await user.click(await screen.findByRole('button', { name: 'Place order' }));
      expect(await stepHeading('Containers')).toBeVisible();
      expect(await screen.findByText('This container is already on an open order')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Save and return to review' })).toBeVisible();
    },
    LONG,
  );

  it('sends the order once however often Place order is pressed', async () => {
    let release: () => void = () => {};
    const api = mockWizardApi({
      'POST /api/v1/orders': () =>
        new Promise<MockReply>((resolve) => {
          release = () => resolve({ status: 201, body: orderDetail() });
        }) as unknown as MockReply,
    });
    seedDraft(4, completeDraft());
    const { user, router } = renderRoute('/orders/new');
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    const place = await screen.findByRole('button', { name: 'Place order' });
    await user.click(place);
    await user.click(place);
    await waitFor(() => expect(api.calls('POST /api/v1/orders')).toHaveLength(1));
    await act(async () => release());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(api.calls('POST /api/v1/orders')).toHaveLength(1);
  });

  it(
    'welcomes return loads when ticked, keeps it in the draft and sends it',
    async () => {
      const api = mockWizardApi({ 'POST /api/v1/orders': { status: 201, body: orderDetail() } });
      const key = seedDraft(3, completeDraft());
      const first = renderRoute('/orders/new');
      await first.user.click(await screen.findByRole('button', { name: 'Resume' }));
      expect(await stepHeading('Delivery location')).toBeVisible();
      const welcome = screen.getByRole('checkbox', { name: 'Return loads welcome' });
      expect(welcome).not.toBeChecked();
      expect(
        screen.getByText(
          'Transporters whose trucks deliver near your pickup will see this order as a return load; they often price it lower.',
        ),
      ).toBeVisible();
      await first.user.click(welcome);
      await waitFor(() =>
        expect(JSON.parse(window.localStorage.getItem(key)!).values.returnLoadsWelcome).toBe(true),
      );
      await first.user.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await stepHeading('Review your order')).toBeVisible();
      first.unmount();

      // A reload finds the box ticked, on the review and back on its step.
      const second = renderRoute('/orders/new');
      await second.user.click(await screen.findByRole('button', { name: 'Resume' }));
      const review = await screen.findByRole('region', { name: 'Review your order' });
      expect(within(review).getByText('Return loads welcome').nextSibling).toHaveTextContent('Yes');
      await second.user.click(within(review).getByRole('button', { name: 'Edit delivery location' }));
      expect(await screen.findByRole('checkbox', { name: 'Return loads welcome' })).toBeChecked();
      await second.user.click(screen.getByRole('button', { name: 'Save and return to review' }));
      await second.user.click(await screen.findByRole('button', { name: 'Place order' }));
      await waitFor(() => expect(api.calls('POST /api/v1/orders')).toHaveLength(1));
      expect(api.calls('POST /api/v1/orders')[0]?.body).toMatchObject({
        preferredPartnersOnly: false,
        returnLoadsWelcome: true,
      });
    },
    LONG,
  );

  it('sends a transporter to their own home', async () => {
    mockWizardApi();
    seedSession('role_transporter');
    const { router } = renderRoute('/orders/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });
});

/** Stands in for XMLHttpRequest, which jsdom would send to a real server. */
class FakeUpload {
  static current: FakeUpload | null = null;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  url = '';
  body: unknown = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.current = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('the quote document', () => {
  async function openDeliveryStep() {
    mockWizardApi({
      'GET /api/v1/preferred-partners': {
        body: [
          {
            transporterCompanyId: 't1',
            name: 'Kano Haulage Ltd',
            state: 'Kano',
            addedAt: '2026-11-01T09:00:00.000Z',
          },
        ],
      },
    });
    seedDraft(3, completeDraft());
    const view = renderRoute('/orders/new');
    await view.user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await stepHeading('Delivery location')).toBeVisible();
    return view;
  }

  function fileInput(): HTMLInputElement {
    return document.querySelector('input[type="file"]') as HTMLInputElement;
  }

  it('refuses a file over 10 MB before uploading it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.current = null;
    const { user } = await openDeliveryStep();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), big);
    expect(await screen.findByText('The quote document must be at most 10 MB.')).toBeVisible();
    expect(FakeUpload.current).toBeNull();
  });

  it('uploads a PDF at once with progress, keeps it in the draft and sends its id', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { user } = await openDeliveryStep();
    // With preferred partners the switch can be turned on.
    await user.click(screen.getByLabelText('Only my preferred partners may bid'));
    await user.upload(fileInput(), new File(['%PDF-1.7'], 'quote.pdf', { type: 'application/pdf' }));
    const upload = FakeUpload.current!;
    expect(upload.url).toBe('/api/v1/orders/quote-documents');
    expect(upload.headers.Authorization).toMatch(/^Bearer /);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => upload.progress(4, 8));
    expect(await screen.findByText('Uploading quote.pdf… 50%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Uploading quote.pdf' })).toBeVisible();
    act(() =>
      upload.respond(201, {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        fileName: 'quote.pdf',
        sizeBytes: 2048,
      }),
    );
    expect(await screen.findByText('quote.pdf')).toBeVisible();
    expect(screen.getByText('2 KB')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove quote.pdf' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await stepHeading('Review your order')).toBeVisible();
    expect(screen.getByText('quote.pdf (2 KB)')).toBeVisible();
    expect(screen.getByText('Only your preferred partners')).toBeVisible();
  });
});
