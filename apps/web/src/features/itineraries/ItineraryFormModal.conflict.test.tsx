import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { stubLayoutForEditor } from '../../test/layout';
import { errorResponse, jsonResponse, recordResponse, stubFetch } from '../../test/utils';
import { makeCountry, makePlace, makeState } from '../geography/test-data';
import { ItineraryFormModal } from './ItineraryFormModal';
import { makeItinerary } from './test-data';

const india = makeCountry(1, { _id: 'c1', name: 'India', shortName: 'IN' });
const goa = makeState(1, india, { _id: 's1', name: 'Goa' });
const panaji = makePlace(1, goa, { _id: 'p1', name: 'Panaji' });

const record = makeItinerary(1, { version: 3 });
const url = API_PATHS.service.updateItinerary(record._id);

/** The itinerary's row as a 409 carries it: plain ids, month codes, its images by id. */
const currentRow = {
  id: record._id,
  title: 'Goa Beach Escape (monsoon)',
  duration: record.duration,
  type: record.type,
  groupSize: record.groupSize,
  languages: record.languages,
  pricePerPerson: record.pricePerPerson,
  visibility: record.visibility,
  imageLibraryId: null,
  months: ['MAR', 'NOV'],
  description: record.description,
  metaTitle: record.metaTitle,
  metaDescription: record.metaDescription,
  countryId: 'c1',
  stateId: 's1',
  placeId: 'p1',
  dailyItinerary: record.dailyItinerary,
  faqs: record.faqs,
  isActive: true,
  version: 4,
  images: [],
};

beforeAll(stubLayoutForEditor);

describe('ItineraryFormModal: an edit conflict (issue 21)', { timeout: 30_000 }, () => {
  it('sends If-Match, shows who saved and what differs, and saves the per-field merge', async () => {
    const calls = stubFetch((call) => {
      switch (call.url) {
        case API_PATHS.service.activeCountries:
          return jsonResponse({
            status: 200,
            success: true,
            message: 'OK',
            data: { countries: [india] },
          });
        case API_PATHS.service.activeStates:
          return jsonResponse({
            status: 200,
            success: true,
            message: 'OK',
            data: { states: [goa] },
          });
        case API_PATHS.service.activePlaces:
          return jsonResponse({
            status: 200,
            success: true,
            message: 'OK',
            data: { places: [panaji] },
          });
      }
      if (call.url === url && call.method === 'PUT') {
        const saves = calls.filter((c) => c.url === url).length;
        return saves === 1
          ? jsonResponse({
              status: 409,
              success: false,
              code: 'EDIT_CONFLICT',
              message: 'Someone else saved this record after you opened it.',
              data: {
                entity: 'itinerary',
                entityId: record._id,
                currentVersion: 4,
                yourVersion: 3,
                current: currentRow,
                changedBy: { _id: 'a1', name: 'Super Admin' },
                changedAt: '2025-01-05T09:34:00.000Z',
                changedFields: ['title'],
              },
            })
          : recordResponse({ ...record, version: 5 });
      }
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const onClose = vi.fn();
    render(
      <Providers store={makeStore()}>
        <ItineraryFormModal record={record} onClose={onClose} />
      </Providers>,
    );
    const user = userEvent.setup();
    const price = screen.getByLabelText('Price per Person (₹) *');
    await user.clear(price);
    await user.type(price, '99000');
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this itinerary' });
    expect(dialog).toHaveTextContent('Super Admin saved it at Jan 5, 2025, 3:04 PM IST.');
    const rows = within(dialog).getAllByRole('group');
    expect(rows.map((row) => row.querySelector('legend')?.textContent)).toEqual([
      'Title',
      'Price per person',
    ]);
    const [title, pricing] = rows as [HTMLElement, HTMLElement];
    expect(within(title).getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      /Goa Beach Escape \(monsoon\)/,
    );
    expect(within(title).getByRole('radio', { name: /^Theirs/ })).toBeChecked();
    expect(within(pricing).getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      /₹1,25,000/,
    );
    expect(within(pricing).getByRole('radio', { name: /^Mine/ })).toHaveAccessibleName(/₹99,000/);
    expect(within(pricing).getByRole('radio', { name: /^Mine/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Save merged' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const saves = calls.filter((call) => call.url === url);
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"3"', '"4"']);
    const sent = (saves[1]?.body as { data: Record<string, unknown> }).data;
    expect(sent).toMatchObject({ title: 'Goa Beach Escape (monsoon)', pricePerPerson: 99_000 });
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
  });
});
