import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  GEOGRAPHY_MESSAGES,
  inUseMessage,
  makePagination,
  type DependantGroup,
  type PermissionKey,
} from '@safarnama/contract';
import { openPage } from '../../test/app';
import { jsonResponse, okResponse, stubSignedIn, type RecordedCall } from '../../test/utils';
import { makeCountry, makeState } from './test-data';

const S = API_PATHS.service;
const india = makeCountry(1, { name: 'India', shortName: 'IN' });
const nepal = makeCountry(2, { name: 'Nepal', shortName: 'NP' });
const WITH_DELETE: PermissionKey[] = ['geography.view', 'geography.update', 'geography.delete'];

const dependants: DependantGroup[] = [
  {
    kind: 'state',
    count: 6,
    items: ['Assam', 'Bihar', 'Delhi', 'Goa', 'Kerala'].map((name, i) => ({
      _id: `s${i}`,
      name,
    })),
  },
  { kind: 'itinerary', count: 1, items: [{ _id: 'i1', name: 'Goa Beach Escape' }] },
];

const stubServer = (
  permissions: PermissionKey[],
  onDelete: (call: RecordedCall) => Response = () =>
    okResponse({ _id: india._id, id: india._id }, 200, GEOGRAPHY_MESSAGES.countryDeleted),
) => {
  let deleted = false;
  return stubSignedIn({ permissions }, (call) => {
    if (call.url === S.listCountries) {
      const countries = deleted ? [nepal] : [india, nepal];
      return okResponse({ countries, pagination: makePagination(countries.length, 1, 10) });
    }
    if (call.method === 'DELETE' && call.url === S.deleteCountry(india._id)) {
      const answer = onDelete(call);
      deleted = answer.ok;
      return answer;
    }
    return undefined;
  });
};

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('deleting countries, states and places (issue 20)', () => {
  it('shows Delete only with geography.delete', async () => {
    stubServer(['geography.view', 'geography.create', 'geography.update']);
    await openPage('/services/addCountries', 'Countries');
    const row = await rowOf('India');
    expect(row.getByRole('button', { name: 'Edit India' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete India' })).not.toBeInTheDocument();
  });

  it('with delete but not update: the Actions column holds Delete only', async () => {
    const goa = makeState(1, india, { name: 'Goa' });
    stubSignedIn({ permissions: ['geography.view', 'geography.delete'] }, (call) =>
      call.url === S.listStates
        ? okResponse({ states: [goa], pagination: makePagination(1, 1, 10) })
        : undefined,
    );
    await openPage('/services/addStates', 'States');
    const row = await rowOf('Goa');
    expect(row.getByRole('button', { name: 'Delete Goa' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Edit Goa' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('asks "Delete India?", then deletes, toasts and reloads the list', async () => {
    const calls = stubServer(WITH_DELETE);
    const { user } = await openPage('/services/addCountries', 'Countries');
    const row = await rowOf('India');

    await user.click(row.getByRole('button', { name: 'Delete India' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Country' });
    expect(within(confirm).getByText('Delete India?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(row.getByRole('button', { name: 'Delete India' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(GEOGRAPHY_MESSAGES.countryDeleted)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('India')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Nepal')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === S.listCountries).length).toBe(2);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('a refused delete lists the dependants by kind, with counts and names, and keeps the row', async () => {
    const message = inUseMessage('country', dependants);
    stubServer(WITH_DELETE, () =>
      jsonResponse({
        status: 409,
        success: false,
        code: 'CONFLICT',
        message,
        data: { dependants },
      }),
    );
    const { user } = await openPage('/services/addCountries', 'Countries');
    await user.click((await rowOf('India')).getByRole('button', { name: 'Delete India' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'India cannot be deleted' });
    expect(dialog).toHaveAccessibleDescription(message);
    const states = within(dialog).getByRole('region', { name: 'States (6)' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Assam', 'Bihar', 'Delhi', 'Goa', 'Kerala']);
    expect(within(states).getByText('and 1 more')).toBeInTheDocument();
    const tours = within(dialog).getByRole('region', { name: 'Itineraries (1)' });
    expect(within(tours).getByText('Goa Beach Escape')).toBeInTheDocument();
    // The refusal is the dialog, not an error toast.
    expect(screen.queryByText('Failed to delete country')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByText('India')).toBeInTheDocument();
  });

  it('another failure is a toast with the server message', async () => {
    stubServer(WITH_DELETE, () =>
      jsonResponse({
        status: 404,
        success: false,
        code: 'NOT_FOUND',
        message: 'Country not found',
      }),
    );
    const { user } = await openPage('/services/addCountries', 'Countries');
    await user.click((await rowOf('India')).getByRole('button', { name: 'Delete India' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Country not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
