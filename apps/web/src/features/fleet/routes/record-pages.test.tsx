import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { typedDayFirst } from '../../../test/typed-date';
import { deferred, mockXhrUpload } from '../../../test/fake-xhr';
import { daysFromToday, driver, DRIVER_ID, truck, TRUCK_ID } from '../test-fixtures';

const TRUCK = `/api/v1/fleet/trucks/${TRUCK_ID}`;
const DRIVER = `/api/v1/fleet/drivers/${DRIVER_ID}`;

const TRUCK_WITH_PROBLEMS = truck({
  documents: {
    vehicleLicence: { number: 'VL-001122', expiresOn: daysFromToday(200) },
    roadWorthiness: { number: null, expiresOn: daysFromToday(20) },
    insurance: { number: 'INS-7788', expiresOn: daysFromToday(-2) },
    hackneyPermit: null,
  },
});

const section = (name: string) => screen.getByRole('region', { name });

describe('a truck’s page', () => {
  it('shows each document’s expiry and saves one section with only its fields', async () => {
    const api = mockApi({
      [`GET ${TRUCK}`]: { body: TRUCK_WITH_PROBLEMS },
      [`PATCH ${TRUCK}`]: (request) => ({
        body: { ...TRUCK_WITH_PROBLEMS, ...(request.body as object) },
      }),
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/fleet/trucks/${TRUCK_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'LSR 123 XY' })).toBeVisible();
    expect(document.title).toBe('LSR 123 XY · Freightlane');
    expect(screen.getByText('MAN TGS 33.400 · Container chassis 40 FT')).toBeVisible();
    const documents = within(section('Documents'));
    const item = (label: string) => documents.getByText(label).closest('li')!;
    expect(within(item('Vehicle licence')).getByText('Valid')).toBeVisible();
    expect(within(item('Road worthiness')).getByText('Expiring soon')).toBeVisible();
    expect(within(item('Insurance')).getByText('Expired')).toBeVisible();
    expect(within(item('Insurance')).getByText(/No\. INS-7788 · Expires/)).toBeVisible();
    expect(within(item('Hackney permit')).getByText('Missing')).toBeVisible();

    const details = within(section('Details'));
    await user.click(details.getByRole('button', { name: 'Edit details' }));
    const make = details.getByLabelText(/^Make/);
    expect(make).toHaveValue('MAN');
    await user.clear(make);
    await user.type(make, 'DAF');
    await user.click(details.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls(`PATCH ${TRUCK}`)).toHaveLength(1));
    expect(api.calls(`PATCH ${TRUCK}`)[0]!.body).toEqual({
      registrationNumber: 'LSR 123 XY',
      make: 'DAF',
      model: 'TGS 33.400',
      year: 2019,
      type: 'CONTAINER_CHASSIS_40',
      capacityTonnes: 30.5,
    });
    expect(await screen.findByText('Details saved.')).toBeVisible();
    expect(await details.findByText('DAF')).toBeVisible();
    expect(details.queryByRole('button', { name: 'Save' })).toBeNull();

    await user.click(documents.getByRole('button', { name: 'Edit documents' }));
    const renewed = daysFromToday(365);
    const insuranceExpiry = documents.getByLabelText('Insurance expires on');
    await user.clear(insuranceExpiry);
    await user.type(insuranceExpiry, typedDayFirst(renewed));
    await user.click(documents.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PATCH ${TRUCK}`)).toHaveLength(2));
    expect(api.calls(`PATCH ${TRUCK}`)[1]!.body).toEqual({
      documents: {
        vehicleLicence: {
          number: 'VL-001122',
          expiresOn: TRUCK_WITH_PROBLEMS.documents.vehicleLicence!.expiresOn,
        },
        roadWorthiness: { expiresOn: TRUCK_WITH_PROBLEMS.documents.roadWorthiness!.expiresOn },
        insurance: { number: 'INS-7788', expiresOn: renewed },
      },
    });
  });

  it('shows a refused plate under the field and keeps the section open', async () => {
    const message = 'A truck with this registration number is already in your fleet.';
    mockApi({
      [`GET ${TRUCK}`]: { body: truck() },
      [`PATCH ${TRUCK}`]: {
        status: 409,
        body: { message, errors: [{ field: 'registrationNumber', message }] },
      },
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute(`/fleet/trucks/${TRUCK_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'LSR 123 XY' });
    const details = within(section('Details'));
    await user.click(details.getByRole('button', { name: 'Edit details' }));
    const plate = details.getByLabelText(/^Registration number/);
    await user.clear(plate);
    await user.type(plate, 'KJA 456 AB');
    await user.click(details.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(plate).toHaveAccessibleDescription(new RegExp(message)));
    expect(details.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  it('reactivates an inactive truck from its page', async () => {
    const api = mockApi({
      [`GET ${TRUCK}`]: { body: truck({ active: false }) },
      [`PATCH ${TRUCK}/active`]: { body: truck({ active: true }) },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/fleet/trucks/${TRUCK_ID}`);
    expect(await screen.findByText('This truck is inactive')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reactivate LSR 123 XY' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.calls(`PATCH ${TRUCK}/active`)[0]?.body).toEqual({ active: true }));
    await waitFor(() => expect(screen.queryByText('This truck is inactive')).toBeNull());
    expect(screen.getByRole('button', { name: 'Deactivate LSR 123 XY' })).toBeVisible();
  });

  it('says when the truck is not there', async () => {
    mockApi({ [`GET ${TRUCK}`]: { status: 404, body: { message: 'Truck not found' } } });
    seedSession('role_transporter');
    renderRoute(`/fleet/trucks/${TRUCK_ID}`);
    expect(await screen.findByText('Truck not found')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Could not open this truck' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Trucks' })).toHaveAttribute('href', '/fleet/trucks');
  });
});

describe('a driver’s page', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  afterEach(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('shows the photo fetched with the session’s token and uploads a new one with progress', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:driver-photo');
    URL.revokeObjectURL = vi.fn();
    const withPhoto = driver({ hasPhoto: true });
    const api = mockApi({
      [`GET ${DRIVER}`]: { body: withPhoto },
      [`GET ${DRIVER}/photo`]: { body: 'image bytes' },
    });
    const reply = deferred<{ status: number; body: unknown }>();
    const uploads = mockXhrUpload(() => reply.promise);
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    seedSession('role_transporter');
    const { user } = renderRoute(`/fleet/drivers/${DRIVER_ID}`);

    const photo = await screen.findByRole('img', { name: 'Photo of Musa Ibrahim' });
    expect(photo).toHaveAttribute('src', 'blob:driver-photo');
    expect(api.calls(`GET ${DRIVER}/photo`)[0]!.headers.authorization).toMatch(/^Bearer /);

    const file = new File(['jpeg'], 'musa.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Choose a photo of Musa Ibrahim'), file);
    expect(await screen.findByText('Uploading… 50%')).toBeVisible();
    expect(open).toHaveBeenCalledWith('PUT', `${DRIVER}/photo`);
    expect(uploads.requests[0]!.form.get('file')).toBeInstanceOf(File);
    reply.resolve({ status: 200, body: { ...withPhoto, updatedAt: '2026-11-21T10:00:00.000Z' } });
    expect(await screen.findByText('Musa Ibrahim’s photo is saved.')).toBeVisible();
    // The new photo is fetched again.
    await waitFor(() => expect(api.calls(`GET ${DRIVER}/photo`)).toHaveLength(2));
  });

  it('turns away a file that is not a photo before sending it', async () => {
    mockApi({ [`GET ${DRIVER}`]: { body: driver() } });
    const uploads = mockXhrUpload(() => ({ status: 200, body: driver() }));
    seedSession('role_transporter');
    renderRoute(`/fleet/drivers/${DRIVER_ID}`);
    expect(await screen.findByText(/No photo yet/)).toBeVisible();
    // Past the picker's own filter (a phone's file manager may ignore it).
    fireEvent.change(screen.getByLabelText('Choose a photo of Musa Ibrahim'), {
      target: { files: [new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Choose a JPEG, PNG or WebP photo.')).toBeVisible();
    expect(uploads.requests).toHaveLength(0);
  });

  it('edits the next of kin with only its fields', async () => {
    const api = mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`PATCH ${DRIVER}`]: (request) => ({ body: { ...driver(), ...(request.body as object) } }),
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute(`/fleet/drivers/${DRIVER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Musa Ibrahim' });
    expect(within(section('Licence')).getByText('LAG12345AA01')).toBeVisible();
    const nextOfKin = within(section('Next of kin'));
    expect(nextOfKin.getByText('0805 111 2222')).toBeVisible();
    await user.click(nextOfKin.getByRole('button', { name: 'Edit next of kin' }));
    expect(nextOfKin.getByLabelText(/^Next of kin phone number/)).toHaveValue('8051112222');
    await user.clear(nextOfKin.getByLabelText(/^Relationship/));
    await user.type(nextOfKin.getByLabelText(/^Relationship/), 'Wife');
    await user.click(nextOfKin.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls(`PATCH ${DRIVER}`)[0]?.body).toEqual({
        nextOfKin: { name: 'Adaeze Okafor', phoneNumber: '+2348051112222', relationship: 'Wife' },
      }),
    );
    expect(await nextOfKin.findByText('Wife')).toBeVisible();
  });
});
