import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { makePagination } from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { type RecordedCall, stubSignedIn, okResponse } from '../../test/utils';
import { makeActivity, page } from './test-data';

const MANAGE = '/api/v1/admin/manage';

const changed = makeActivity(1, {
  summary: "Updated itinerary 'Goa Beaches'",
  changes: {
    title: { from: 'Goa', to: 'Goa Beaches' },
    pricePerPerson: { from: 12000, to: 15000 },
    languages: { from: ['English'], to: ['English', 'Hindi'] },
  },
});
const created = makeActivity(2, {
  action: 'create',
  entityType: 'image-library',
  summary: "Created image library 'Kerala'",
  admin: null,
  ip: null,
});

const stubServer = (
  handler?: (call: RecordedCall) => Response | undefined,
  permissions = ['activity.view', 'admins.view', 'admins.update'],
) => stubSignedIn({ permissions }, handler);

describe('ActivitiesPage', () => {
  it('lists entries and opens the field diff of one', async () => {
    const calls = stubServer((call) =>
      call.url === `${MANAGE}/get-admins-activities`
        ? okResponse(page('activities', [changed, created]))
        : undefined,
    );
    const { user } = renderApp('/admins-activities');
    await screen.findByRole('heading', { name: 'Admin Activities' });
    const headers = (await screen.findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(['Time', 'Admin', 'Action', 'Entity', 'Summary', 'IP', 'Details']);

    const row = screen.getByText("Updated itinerary 'Goa Beaches'").closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Admin 1')).toBeInTheDocument();
    expect(within(row).getByText('Itinerary')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    const other = screen.getByText("Created image library 'Kerala'").closest('tr');
    if (!other) throw new Error('no row');
    expect(within(other).getByText('Image library')).toBeInTheDocument();
    expect(within(other).getByText('System')).toBeInTheDocument();

    const toggle = within(row).getByRole('button', { name: 'Changes (3)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diff = screen.getByRole('table', { name: 'Changed fields' });
    const title = within(diff).getByRole('row', { name: /title/ });
    expect(title).toHaveTextContent('from Goa');
    expect(title).toHaveTextContent('to Goa Beaches');
    expect(within(diff).getByRole('row', { name: /pricePerPerson/ })).toHaveTextContent(
      'from 12000to 15000',
    );
    // Lists show as chips; what was added is marked for screen readers too.
    const languages = within(diff).getByRole('row', { name: /languages/ });
    expect(languages).toHaveTextContent('from English');
    expect(languages).toHaveTextContent('to Englishadded Hindi');
    expect(screen.getByText(/PUT \/api\/v1\/admin\/service\/update-itinerary/)).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Changed fields' })).not.toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: 'Details' }));
    expect(screen.getByText('No field changes were recorded for this entry.')).toBeVisible();
    expect(
      calls.find((call) => call.url === `${MANAGE}/get-admins-activities`)?.search.toString(),
    ).toBe('page=1&limit=10');
  });

  it('searches (debounced) and goes back to page 1', async () => {
    const calls = stubServer((call) =>
      call.url === `${MANAGE}/get-admins-activities`
        ? okResponse({
            activities: [changed],
            pagination: makePagination(30, Number(call.search.get('page') ?? 1), 10),
          })
        : undefined,
    );
    const { user } = renderApp('/admins-activities');
    await screen.findByText("Updated itinerary 'Goa Beaches'");
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => {
      expect(calls.at(-1)?.search.get('page')).toBe('3');
    });
    await user.type(screen.getByLabelText('Search admin activities'), 'delete');
    await waitFor(() => {
      expect(calls.at(-1)?.search.toString()).toBe('page=1&limit=10&search=delete');
    });
  });
});
