import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, makePagination, type Itinerary } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { stubLayoutForEditor } from '../../test/layout';
import { okResponse, recordResponse, stubSignedIn } from '../../test/utils';
import { ItineraryFormModal } from './ItineraryFormModal';
import { makeItinerary } from './test-data';

// Issue 21: the edit form opens the record's History; a create form has none.

const record = makeItinerary(1, { title: 'Goa Beach Escape', version: 2 });
const revisionId = '0190c0de-0000-7000-8000-0000000r0001';

beforeAll(stubLayoutForEditor);

const renderForm = (itinerary: Itinerary | null) => {
  const calls = stubSignedIn(
    { permissions: ['itineraries.view', 'itineraries.update'] },
    (call) => {
      if (call.url === API_PATHS.revisions.list) {
        return okResponse({
          revisions: [
            {
              _id: revisionId,
              entity: 'itinerary',
              entityId: record._id,
              version: 2,
              action: 'update',
              changedFields: ['title'],
              admin: { _id: 'a1', name: 'Priya Shah' },
              restoredFrom: null,
              ip: null,
              createdAt: '2025-03-07T10:00:00.000Z',
            },
          ],
          pagination: makePagination(1, 1, 10),
        });
      }
      if (call.url === API_PATHS.revisions.one(revisionId)) {
        return recordResponse({
          _id: revisionId,
          entity: 'itinerary',
          entityId: record._id,
          version: 2,
          action: 'update',
          changedFields: ['title'],
          admin: { _id: 'a1', name: 'Priya Shah' },
          restoredFrom: null,
          ip: null,
          createdAt: '2025-03-07T10:00:00.000Z',
          snapshot: { title: 'Goa Beach Escape' },
          previousId: '0190c0de-0000-7000-8000-0000000r0000',
          diff: [{ field: 'title', from: 'Goa Beaches', to: 'Goa Beach Escape' }],
        });
      }
      return undefined;
    },
  );
  render(
    <Providers store={makeStore()}>
      <ItineraryFormModal record={itinerary} onClose={vi.fn()} />
    </Providers>,
  );
  return { calls, user: userEvent.setup() };
};

describe('ItineraryFormModal: History', () => {
  it('opens the itinerary’s history from the edit form, over the form', async () => {
    const { calls, user } = renderForm(record);
    const form = screen.getByRole('dialog', { name: 'Edit Itinerary' });
    await user.click(within(form).getByRole('button', { name: 'History' }));

    const history = await screen.findByRole('dialog', { name: 'History' });
    expect(history).toHaveTextContent('Saved versions of “Goa Beach Escape”, newest first.');
    const title = await within(history).findByRole('region', { name: 'Title' });
    expect(title).toHaveTextContent('BeforeGoa Beaches');
    expect(title).toHaveTextContent('AfterGoa Beach Escape');
    const list = calls.find((call) => call.url === API_PATHS.revisions.list);
    expect(list?.search.get('entity')).toBe('itinerary');
    expect(list?.search.get('id')).toBe(record._id);

    // A click inside the history is not outside the form: both stay open.
    await user.click(within(history).getByRole('button', { name: /^v2/ }));
    expect(screen.getByRole('dialog', { name: 'Edit Itinerary' })).toBeInTheDocument();
    expect(history).toBeInTheDocument();

    // Escape closes the history only; the form stays.
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull();
    });
    expect(screen.getByRole('dialog', { name: 'Edit Itinerary' })).toBeInTheDocument();
  });

  it('has no History in the create form', () => {
    renderForm(null);
    const form = screen.getByRole('dialog', { name: 'Create New Itinerary' });
    expect(within(form).queryByRole('button', { name: 'History' })).toBeNull();
  });
});
