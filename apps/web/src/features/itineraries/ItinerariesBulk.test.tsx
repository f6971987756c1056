import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  BULK_TEXTS as T,
  type BulkOutcome,
  type BulkRequest,
  type PermissionKey,
} from '@safarnama/contract';
import { openPage } from '../../test/app';
import { okResponse, stubSignedIn, type RecordedCall } from '../../test/utils';
import { listAnswer, makeItinerary } from './test-data';

const trips = [1, 2, 3, 4].map((n) => makeItinerary(n, { title: `Trip ${n}` }));
const ALL: PermissionKey[] = ['itineraries.view', 'itineraries.update', 'itineraries.delete'];

/** The list, and a bulk call answered by `answer` (which may change the rows the list gives). */
const stubServer = (
  permissions: PermissionKey[] = ALL,
  answer: (request: BulkRequest) => BulkOutcome = ({ ids }) => ({
    results: ids.map((_id) => ({ _id, status: 'done' })),
    summary: { done: ids.length, forbidden: 0, not_found: 0, in_use: 0 },
  }),
) => {
  let rows = trips;
  return stubSignedIn({ permissions }, (call: RecordedCall) => {
    if (call.url === API_PATHS.service.listItineraries) {
      const search = call.search.get('search') ?? '';
      return okResponse(listAnswer(rows.filter((row) => row.title.includes(search))));
    }
    if (call.url === API_PATHS.bulk && call.method === 'POST') {
      const request = (call.body as { data: BulkRequest }).data;
      const outcome = answer(request);
      const done = new Set(outcome.results.filter((r) => r.status === 'done').map((r) => r._id));
      if (request.action === 'deactivate') {
        rows = rows.map((row) => (done.has(row._id) ? { ...row, isActive: false } : row));
      }
      return okResponse(outcome, 200, 'Bulk action completed');
    }
    return undefined;
  });
};
const open = () => openPage('/services/itineraries', { name: 'Itinerary Management', level: 1 });
const box = (title: string) => screen.getByRole('checkbox', { name: T.selectRow(title) });
const bulkCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url === API_PATHS.bulk)
    .map((call) => (call.body as { data: BulkRequest }).data);

describe('bulk actions on the itineraries list (issue 24)', { timeout: 20_000 }, () => {
  it('selects with a click, a shift-click range and the header checkbox', async () => {
    stubServer();
    const { user } = await open();
    await screen.findByText('Trip 1');
    const page = screen.getByRole('checkbox', { name: T.selectPage });
    expect(screen.queryByRole('region', { name: T.barLabel })).toBeNull();

    await user.click(box('Trip 1'));
    await user.keyboard('{Shift>}');
    await user.click(box('Trip 3'));
    await user.keyboard('{/Shift}');
    expect([1, 2, 3, 4].map((n) => (box(`Trip ${n}`) as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const bar = screen.getByRole('region', { name: T.barLabel });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    expect((page as HTMLInputElement).indeterminate).toBe(true);

    // A shift-click that unticks clears the range back to the last row clicked.
    await user.keyboard('{Shift>}');
    await user.click(box('Trip 2'));
    await user.keyboard('{/Shift}');
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();

    await user.click(page);
    expect(within(bar).getByText('4 selected')).toBeInTheDocument();
    expect((page as HTMLInputElement).checked).toBe(true);
    await user.click(page);
    expect(screen.queryByRole('region', { name: T.barLabel })).toBeNull();
  });

  it('deactivates the selection, shows the result, and keeps only what was not done selected', async () => {
    const calls = stubServer(ALL, ({ ids }) => ({
      results: ids.map((_id, i) =>
        i === 1
          ? { _id, status: 'in_use', message: 'This itinerary is used' }
          : { _id, status: 'done' },
      ),
      summary: { done: ids.length - 1, forbidden: 0, not_found: 0, in_use: 1 },
    }));
    const { user } = await open();
    await screen.findByText('Trip 1');
    for (const n of [1, 2, 3]) await user.click(box(`Trip ${n}`));
    await user.click(screen.getByRole('button', { name: T.actions.deactivate }));

    const bar = screen.getByRole('region', { name: T.barLabel });
    // The status region is there (empty) while the action runs: wait for its text.
    await waitFor(() => {
      expect(within(bar).getByRole('status')).toHaveTextContent('2 done, 1 in use: Trip 2');
    });
    expect(bulkCalls(calls)).toEqual([
      { entity: 'itinerary', action: 'deactivate', ids: trips.slice(0, 3).map((t) => t._id) },
    ]);
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    expect((box('Trip 2') as HTMLInputElement).checked).toBe(true);
    // The list reloads: the done ones read Inactive.
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: /^Inactive: activate/ })).toHaveLength(2);
    });
  });

  it('asks before deleting, with the count', async () => {
    const calls = stubServer();
    const { user } = await open();
    await screen.findByText('Trip 1');
    await user.click(box('Trip 1'));
    await user.click(box('Trip 4'));
    await user.click(screen.getByRole('button', { name: T.actions.delete }));
    const dialog = await screen.findByRole('alertdialog', { name: T.confirmTitle(2) });
    expect(bulkCalls(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: T.confirm }));
    await waitFor(() => {
      expect(bulkCalls(calls)).toEqual([
        { entity: 'itinerary', action: 'delete', ids: [trips[0]?._id, trips[3]?._id] },
      ]);
    });
  });

  it('clears the selection when the search changes', async () => {
    stubServer();
    const { user } = await open();
    await screen.findByText('Trip 1');
    await user.click(box('Trip 1'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search itineraries' }), 'Trip');
    await waitFor(
      () => {
        expect(screen.queryByText('1 selected')).toBeNull();
      },
      { timeout: 3000 },
    );
    expect((box('Trip 1') as HTMLInputElement).checked).toBe(false);
  });

  it('offers only what the role may do', async () => {
    stubServer(['itineraries.view', 'itineraries.update']);
    const { user } = await open();
    await screen.findByText('Trip 1');
    await user.click(box('Trip 1'));
    expect(screen.getByRole('button', { name: T.actions.activate })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.actions.delete })).toBeNull();
  });

  it('shows no checkboxes to a viewer', async () => {
    stubServer(['itineraries.view']);
    await open();
    await screen.findByText('Trip 1');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
