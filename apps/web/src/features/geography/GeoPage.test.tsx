import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GEOGRAPHY_MESSAGES, makePagination, type PermissionKey } from '@safarnama/contract';
import { renderApp, type TestUser } from '../../test/app';
import {
  formEntries,
  idempotencyKeysOf,
  networkDown,
  type RecordedCall,
  stubSignedIn,
  okResponse,
  errorResponse,
  recordResponse,
} from '../../test/utils';
import { makeCountry, makeState } from './test-data';

const SERVICE = '/api/v1/admin/service';
const ALL: PermissionKey[] = ['geography.view', 'geography.create', 'geography.update'];

const india = makeCountry(1, { name: 'India', shortName: 'IN' });
const nepal = makeCountry(2, { name: 'Nepal', shortName: 'NP', isActive: false });

const stubServer = (answer: (call: RecordedCall) => Response | undefined = () => undefined) =>
  stubSignedIn({ permissions: ALL }, (call) => {
    const custom = answer(call);
    if (custom) return custom;
    if (call.url === `${SERVICE}/get-all-countries`) {
      return okResponse({ countries: [india, nepal], pagination: makePagination(2, 1, 10) });
    }
    if (call.url === `${SERVICE}/get-all-active-country`) {
      return okResponse({ countries: [india] });
    }
    if (call.url === `${SERVICE}/get-all-states`) {
      return okResponse({
        states: [makeState(1, india, { name: 'Goa' })],
        pagination: makePagination(1, 1, 10),
      });
    }
    return undefined;
  });

/** The countries page's 'Add Country' form. */
const openAddCountry = async () => {
  const { user } = renderApp('/services/addCountries');
  await user.click(await screen.findByRole('button', { name: 'Add Country' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Add Country' }) };
};

/** Types India with `shortName` into the form and saves it. */
const saveCountry = async (user: TestUser, dialog: HTMLElement, shortName: string) => {
  await user.type(within(dialog).getByLabelText('Name *'), 'India');
  await user.type(within(dialog).getByLabelText('Short Name *'), shortName);
  await user.click(within(dialog).getByRole('button', { name: 'Save Country' }));
};

describe('Countries page', () => {
  it('lists countries with short name and status; one page has no pagination', async () => {
    stubServer();
    renderApp('/services/addCountries');
    expect(await screen.findByRole('heading', { name: 'Countries' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const [, first, second] = rows;
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByText('India')).toBeInTheDocument();
    expect(within(first).getByText('IN')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Active/ })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: /^Inactive/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('validates with the contract schema, then shows a 409 on the name field', async () => {
    const calls = stubServer((call) =>
      call.url === `${SERVICE}/add-new-country`
        ? errorResponse(409, 'CONFLICT', GEOGRAPHY_MESSAGES.duplicateCountry)
        : undefined,
    );
    const { user, dialog } = await openAddCountry();

    await user.click(within(dialog).getByRole('button', { name: 'Save Country' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Short name must be 2 or 3 letters')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/add-new-country'))).toBe(false);

    await saveCountry(user, dialog, 'in');

    const name = within(dialog).getByLabelText('Name *');
    await waitFor(() => {
      expect(name).toHaveAccessibleDescription(GEOGRAPHY_MESSAGES.duplicateCountry);
    });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    const add = calls.find((call) => call.url.endsWith('/add-new-country'));
    expect(add?.method).toBe('POST');
    expect(formEntries(add?.body)).toEqual([
      ['name', 'India'],
      ['shortName', 'IN'],
      ['isActive', 'true'],
    ]);
  });

  it('an add sends an Idempotency-Key, the same one when retried after a failure', async () => {
    let answers = 0;
    const calls = stubServer((call) => {
      if (call.url !== `${SERVICE}/add-new-country`) return undefined;
      answers += 1;
      return answers === 1 ? networkDown() : recordResponse(india, 201);
    });
    const { user, dialog } = await openAddCountry();
    await saveCountry(user, dialog, 'IN');
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Country' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const keys = idempotencyKeysOf(calls, `${SERVICE}/add-new-country`);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('maps 400 field details onto their inputs', async () => {
    stubServer((call) =>
      call.url === `${SERVICE}/add-new-country`
        ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
            { path: 'shortName', message: 'Short name is taken by another country' },
          ])
        : undefined,
    );
    const { user, dialog } = await openAddCountry();
    await saveCountry(user, dialog, 'IN');
    const shortName = within(dialog).getByLabelText('Short Name *');
    await waitFor(() => {
      expect(shortName).toHaveAttribute('aria-invalid', 'true');
    });
    expect(shortName).toHaveAccessibleDescription('Short name is taken by another country');
    expect(within(dialog).getByLabelText('Name *')).not.toHaveAttribute('aria-invalid');
  });

  it('the status pill toggles through update-country with the flipped flag', async () => {
    const calls = stubServer((call) =>
      call.url === `${SERVICE}/update-country`
        ? okResponse({ data: { ...india, isActive: false } })
        : undefined,
    );
    const { user } = renderApp('/services/addCountries');
    await user.click(await screen.findByRole('button', { name: 'Active: deactivate India' }));
    await waitFor(() => {
      expect(calls.some((call) => call.url.endsWith('/update-country'))).toBe(true);
    });
    const update = calls.find((call) => call.url.endsWith('/update-country'));
    expect(formEntries(update?.body)).toEqual([
      ['id', india._id],
      ['isActive', 'false'],
    ]);
    // The list reloads after the change.
    await waitFor(() => {
      expect(calls.filter((call) => call.url.endsWith('/get-all-countries')).length).toBe(2);
    });
  });
});

describe('States page', () => {
  it('edits a state and sends only what changed', async () => {
    const goa = makeState(1, india, { name: 'Goa' });
    const calls = stubServer((call) =>
      call.url === `${SERVICE}/update-state`
        ? okResponse({ data: { ...goa, name: 'Goa State' } })
        : undefined,
    );
    const { user } = renderApp('/services/addStates');
    await user.click(await screen.findByRole('button', { name: 'Edit Goa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit State' });
    await within(dialog).findByRole('option', { name: 'India (IN)' });
    expect(within(dialog).getByLabelText('Country *')).toHaveValue(india._id);
    const name = within(dialog).getByLabelText('Name *');
    await user.clear(name);
    await user.type(name, 'Goa State');
    await user.click(within(dialog).getByRole('button', { name: 'Save State' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const update = calls.find((call) => call.url.endsWith('/update-state'));
    expect(formEntries(update?.body)).toEqual([
      ['id', goa._id],
      ['name', 'Goa State'],
    ]);
  });
});
