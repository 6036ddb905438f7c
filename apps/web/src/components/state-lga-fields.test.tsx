import { Button } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { createTestStore, TestProviders } from '../test/render';
import { StateLgaFields, StateLgaFormFields, type StateLga } from './state-lga-fields';

function renderWithProviders(ui: ReactNode) {
  const user = userEvent.setup();
  render(<TestProviders store={createTestStore()}>{ui}</TestProviders>);
  return user;
}

const stateInput = () => screen.getByLabelText('State', { selector: 'input' });
const lgaInput = () => screen.getByLabelText('LGA', { selector: 'input' });

async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

function Controlled({ initial, onChange }: { initial: StateLga; onChange: (value: StateLga) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <StateLgaFields
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      errors={{ lga: 'Choose the LGA' }}
      clearable
    />
  );
}

describe('StateLgaFields', () => {
  it('asks for the state first, then offers only the LGAs of that state', async () => {
    const onChange = vi.fn();
    const user = renderWithProviders(<Controlled initial={{ state: '', lga: '' }} onChange={onChange} />);
    expect(lgaInput()).toBeDisabled();
    expect(lgaInput()).toHaveAttribute('placeholder', 'Choose the state first');

    await choose(user, stateInput(), 'Lagos');
    expect(onChange).toHaveBeenLastCalledWith({ state: 'Lagos', lga: '' });
    await user.click(lgaInput());
    expect(await screen.findByRole('option', { name: 'Ikeja' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Kano Municipal' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Ikeja' }));
    expect(onChange).toHaveBeenLastCalledWith({ state: 'Lagos', lga: 'Ikeja' });
    expect(screen.getByText('Choose the LGA')).toBeVisible();
  });

  it('empties the LGA when another state is chosen', async () => {
    const onChange = vi.fn();
    const user = renderWithProviders(
      <Controlled initial={{ state: 'Lagos', lga: 'Ikeja' }} onChange={onChange} />,
    );
    expect(lgaInput()).toHaveValue('Ikeja');
    await choose(user, stateInput(), 'Kano');
    expect(onChange).toHaveBeenLastCalledWith({ state: 'Kano', lga: '' });
    expect(lgaInput()).toHaveValue('');
  });
});

function AddressForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useForm({ defaultValues: { address: { state: 'Lagos', lga: 'Apapa' } } });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <StateLgaFormFields name="address" required />
        <Button
          onClick={() => form.setError('address.lga', { message: 'Apapa is not in that state' })}
          variant="default"
        >
          Refuse
        </Button>
        <Button type="submit">Save</Button>
      </form>
    </FormProvider>
  );
}

describe('StateLgaFormFields', () => {
  it("binds to the form's fields, empties the LGA on a new state and shows the field's error", async () => {
    const onSubmit = vi.fn();
    const user = renderWithProviders(<AddressForm onSubmit={onSubmit} />);
    expect(stateInput()).toHaveValue('Lagos');
    expect(stateInput()).toBeRequired();
    expect(screen.getByText('Local government area')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('Apapa is not in that state')).toBeVisible();

    await choose(user, stateInput(), 'Kano');
    await choose(user, lgaInput(), 'Fagge');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ address: { state: 'Kano', lga: 'Fagge' } });
  });
});
