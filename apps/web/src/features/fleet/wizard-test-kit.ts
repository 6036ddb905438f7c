import { screen } from '@testing-library/react';
import type { renderRoute } from '../../test/render';

/** Steps through the fleet wizards in the tests, as a user would. */

export type User = ReturnType<typeof renderRoute>['user'];

export interface TestAddress {
  street: string;
  neighborhood: string;
  lga: string;
  city: string;
  state: string;
}

/** The heading of a wizard stage, once it shows. */
export const stageHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

export const next = (user: User) => user.click(screen.getByRole('button', { name: 'Save and continue' }));

/** Picks `option` in the searchable select whose label matches. */
export async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types the address into the address fields on the stage (its neighbourhood is left empty). */
export async function fillAddress(user: User, address: TestAddress) {
  await user.type(screen.getByLabelText(/^Street/), address.street);
  await user.type(screen.getByLabelText(/^City/), address.city);
  await choose(user, /^State/, address.state);
  await choose(user, /^LGA/, address.lga);
}
