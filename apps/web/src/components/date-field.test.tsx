import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestStore, TestProviders } from '../test/render';
import { DateField, DateTimeField } from './date-field';
import { FormDateInput } from './form-inputs';

function renderInApp(ui: ReactNode) {
  const user = userEvent.setup();
  const view = render(<TestProviders store={createTestStore()}>{ui}</TestProviders>);
  return { ...view, user };
}

/** A date field as a page holds it: the value in state, every change recorded. */
function Harness({ initial = '', onValue }: { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Pickup date"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output aria-label="Kept">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

const kept = () => screen.getByLabelText('Kept').textContent;

describe('the date field, in a browser set to American English', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  });

  it('shows a date day-first with the month by name', () => {
    renderInApp(<Harness initial="2026-12-01" />);
    expect(screen.getByLabelText('Pickup date')).toHaveValue('1 Dec 2026');
  });

  it('reads typed numbers day first, keeps the date as YYYY-MM-DD and shows it by name on leaving', async () => {
    const { user } = renderInApp(<Harness />);
    const input = screen.getByLabelText('Pickup date');
    await user.type(input, '1/12/2026');
    expect(kept()).toBe('2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('1 Dec 2026');
  });

  it('reads a month by name, and a two-digit year once the person leaves the field', async () => {
    const { user } = renderInApp(<Harness />);
    const input = screen.getByLabelText('Pickup date');
    await user.type(input, '1 Dec 2026');
    expect(kept()).toBe('2026-12-01');
    await user.clear(input);
    await user.type(input, '12/1/26');
    await user.tab();
    expect(kept()).toBe('2026-01-12');
    expect(input).toHaveValue('12 Jan 2026');
  });

  it('keeps text that is not a date as typed and says how to write one', async () => {
    const { user } = renderInApp(<Harness initial="2026-12-01" />);
    const input = screen.getByLabelText('Pickup date');
    await user.clear(input);
    await user.type(input, '31/02/2026');
    expect(kept()).toBe('31/02/2026');
    await user.tab();
    expect(input).toHaveValue('31/02/2026');
    expect(input).toHaveAccessibleDescription('Enter the date as day, month and year, e.g. 1 Dec 2026');
  });

  it('opens a calendar from the keyboard with months by name and weeks from Monday, and picks a day', async () => {
    const { user } = renderInApp(<Harness initial="2026-12-01" />);
    await user.click(screen.getByLabelText('Pickup date'));
    await user.tab();
    const opener = screen.getByRole('button', { name: 'Open calendar' });
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');

    const calendar = await screen.findByRole('dialog', { name: 'Pickup date' });
    expect(within(calendar).getByRole('button', { name: 'December 2026' })).toBeVisible();
    const weekdays = within(calendar)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(weekdays).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: '1 December 2026' })).toHaveFocus(),
    );

    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    expect(kept()).toBe('2026-12-09');
    expect(screen.getByLabelText('Pickup date')).toHaveValue('9 Dec 2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the calendar with Escape, back on its button, with the date unchanged', async () => {
    const { user } = renderInApp(<Harness initial="2026-12-01" />);
    const opener = screen.getByRole('button', { name: 'Open calendar' });
    opener.focus();
    await user.keyboard(' ');
    const calendar = await screen.findByRole('dialog', { name: 'Pickup date' });
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: '1 December 2026' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowRight}{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(kept()).toBe('2026-12-01');
  });

  it('inside a dialog, Escape closes only the calendar', async () => {
    const onClose = vi.fn();
    const { user } = renderInApp(
      <Modal opened onClose={onClose} title="Expected delivery">
        <Harness initial="2026-12-01" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Expected delivery' });
    await user.click(within(dialog).getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Pickup date' });
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: '1 December 2026' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pickup date' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a check about the wire format in day-first words', () => {
    renderInApp(
      <DateField
        label="Licence expires on"
        value=""
        onChange={() => {}}
        error="Enter a date as YYYY-MM-DD"
      />,
    );
    expect(screen.getByLabelText('Licence expires on')).toHaveAccessibleDescription(
      'Enter the date as day, month and year, e.g. 1 Dec 2026',
    );
  });
});

const schema = z.object({ expiresOn: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }) });

function LicenceForm({ onSave }: { onSave: (values: z.output<typeof schema>) => void }) {
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { expiresOn: '' },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <FormDateInput name="expiresOn" label="Licence expires on" description="As on the licence" />
        <Button type="submit">Save</Button>
      </form>
    </FormProvider>
  );
}

describe('the date field in a react-hook-form form', () => {
  it('puts its label above, its error under it, and gives the form YYYY-MM-DD', async () => {
    const onSave = vi.fn();
    const { user } = renderInApp(<LicenceForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByLabelText('Licence expires on');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(screen.getByText('Enter the date as day, month and year, e.g. 1 Dec 2026')).toBeVisible();

    const label = screen.getByText('Licence expires on');
    const error = screen.getByText('Enter the date as day, month and year, e.g. 1 Dec 2026');
    expect(label.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(input, '28/2/2027');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ expiresOn: '2027-02-28' }, expect.anything()));
  });
});

describe('the date-and-time field', () => {
  function Moment({ initial }: { initial: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateTimeField label="Link works until" description="Lagos time" value={value} onChange={setValue} />
        <output aria-label="Kept">{value}</output>
      </>
    );
  }

  it('shows the day by name beside the time, and keeps the value a datetime-local input would', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const { user } = renderInApp(<Moment initial="2026-11-21T14:05" />);
    const date = screen.getByLabelText('Link works until');
    expect(date).toHaveValue('21 Nov 2026');
    expect(screen.getByLabelText('Link works until: time')).toHaveValue('14:05');

    await user.clear(date);
    await user.type(date, '3/12/2026');
    expect(kept()).toBe('2026-12-03T14:05');
    await user.tab();
    expect(date).toHaveValue('3 Dec 2026');
  });
});
