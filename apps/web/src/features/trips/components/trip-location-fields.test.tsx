import { Button } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { createTestStore, TestProviders } from '../../../test/render';
import {
  EMPTY_TRIP_LOCATION,
  fileIssue,
  TripLocationFormField,
  type TripLocationValue,
} from './trip-location-fields';

interface Values {
  location: TripLocationValue;
  note: string;
}

describe('fileIssue', () => {
  it('files location issues under their part, a whole-location one under the state, the rest by name', () => {
    const errors: Record<string, unknown> = {};
    fileIssue(errors, { path: ['location', 'lga'], code: 'custom', message: 'Choose an LGA of Lagos' });
    fileIssue(errors, { path: ['location'], code: 'custom', message: 'Choose a state' });
    fileIssue(errors, { path: ['location', 'lga'], code: 'custom', message: 'A second message' });
    fileIssue(
      errors,
      { path: ['openingTimeStamp'], code: 'custom', message: 'In the future' },
      {
        openingTimeStamp: 'openedAt',
      },
    );
    fileIssue(errors, { path: [], code: 'custom', message: 'No field' });
    expect(errors).toEqual({
      location: {
        lga: { type: 'custom', message: 'Choose an LGA of Lagos' },
        state: { type: 'custom', message: 'Choose a state' },
      },
      openedAt: { type: 'custom', message: 'In the future' },
    });
  });
});

/** Refuses a state without an LGA, as the domain's schemas do. */
const resolver: Resolver<Values> = (values) => {
  if (!values.location.state || values.location.lga) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  fileIssue(errors, { path: ['location', 'lga'], code: 'custom', message: 'Choose the LGA' });
  return { values: {}, errors: errors as FieldErrors<Values> };
};

function LocationForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver,
    defaultValues: { location: EMPTY_TRIP_LOCATION, note: '' },
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <TripLocationFormField control={control} name="location" legend="Where is the truck? (optional)" />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('TripLocationFormField', () => {
  it("shows a refused part's message under it and sends the location once it is whole", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <TestProviders store={createTestStore()}>
        <LocationForm onSubmit={onSubmit} />
      </TestProviders>,
    );
    expect(screen.getByRole('group', { name: 'Where is the truck? (optional)' })).toBeVisible();
    await user.click(screen.getByLabelText('State', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Lagos' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the LGA')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('LGA', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Apapa' }));
    await user.type(screen.getByLabelText('Landmark (optional)'), 'Gate 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      location: { state: 'Lagos', lga: 'Apapa', description: 'Gate 2' },
      note: '',
    });
  });
});
