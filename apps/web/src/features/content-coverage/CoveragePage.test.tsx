import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  MONTH_CODES,
  type CoverageCell,
  type CoverageList,
  type CoveragePlace,
} from '@safarnama/contract';
import { openPage } from '../../test/app';
import { stubLayoutForEditor } from '../../test/layout';
import {
  jsonResponse,
  makeProfile,
  okEnvelope,
  errorResponse,
  recordResponse,
  stubSignedIn,
} from '../../test/utils';
import { makeCountry, makePlace, makeState } from '../geography/test-data';
import { makePlaceDetails } from '../place-details/test-data';

const india = makeCountry(1, { _id: 'c1', name: 'India', shortName: 'IN' });
const goa = makeState(1, india, { _id: 's1', name: 'Goa' });
const kerala = makeState(2, india, { _id: 's2', name: 'Kerala' });
const panaji = makePlace(1, goa, { _id: 'p1', name: 'Panaji' });

const cells = (overrides: Partial<Record<string, CoverageCell>> = {}): CoverageCell[] =>
  MONTH_CODES.map((month) => overrides[month] ?? { month, state: 'missing' });

const place = (overrides: Partial<CoveragePlace> = {}): CoveragePlace => ({
  _id: 'p1',
  name: 'Panaji',
  country: { _id: 'c1', name: 'India' },
  state: { _id: 's1', name: 'Goa' },
  months: cells({
    JAN: { month: 'JAN', state: 'complete', placeDetailsId: 'd1' },
    FEB: {
      month: 'FEB',
      state: 'incomplete',
      placeDetailsId: 'd2',
      issues: ['description-short'],
    },
  }),
  complete: 1,
  blogCount: 3,
  activeItineraryCount: 2,
  ...overrides,
});

const answer = (places: CoveragePlace[]): CoverageList => ({
  places,
  pagination: {
    total: places.length,
    page: 1,
    limit: 25,
    totalPages: 1,
    hasPrevPage: false,
    hasNextPage: false,
  },
  monthTotals: MONTH_CODES.map((month) => ({
    month,
    complete: month === 'JAN' ? 1 : 0,
    incomplete: month === 'FEB' ? 1 : 0,
    missing: month === 'JAN' || month === 'FEB' ? places.length - 1 : places.length,
  })),
  totals: { complete: 1, incomplete: 1, missing: 10, cells: 12, percentComplete: 8.3 },
});

const serve = (
  permissions = ['place-details.view', 'place-details.create', 'place-details.update'],
  byId = (id: string) => recordResponse(makePlaceDetails({ _id: id, month: 'JAN' })),
) =>
  stubSignedIn(makeProfile({ permissions: permissions as never }), (call) => {
    switch (call.url) {
      case API_PATHS.contentCoverage:
        return jsonResponse(
          okEnvelope(answer(call.search.get('stateId') === 's2' ? [] : [place()])),
        );
      case API_PATHS.service.activeCountries:
        return jsonResponse(okEnvelope({ countries: [india] }));
      case API_PATHS.service.activeStates:
        return jsonResponse(okEnvelope({ states: [goa, kerala] }));
      case API_PATHS.service.activePlaces:
        return jsonResponse(okEnvelope({ places: [panaji] }));
      case API_PATHS.service.placeDetailsById:
        return byId(call.search.get('id') ?? '');
    }
    return undefined;
  });

beforeAll(stubLayoutForEditor);

describe('Content Coverage', () => {
  it('draws places against months with a word and an icon per state, and the totals', async () => {
    serve();
    await openPage('/services/coverage', { name: 'Content Coverage', level: 1 });
    const row = (await screen.findByRole('rowheader', { name: /Panaji/ })).closest('tr');
    if (!row) throw new Error('no row');
    const inRow = within(row);
    expect(inRow.getByRole('button', { name: 'Panaji, January: Complete' })).toHaveTextContent(
      'Complete',
    );
    expect(
      inRow.getByRole('button', {
        name: 'Panaji, February: Incomplete (Write a description of at least 300 characters)',
      }),
    ).toHaveTextContent('Incomplete');
    expect(inRow.getByRole('button', { name: 'Panaji, March: Missing' })).toHaveTextContent(
      'Missing',
    );
    expect(inRow.getAllByRole('button')).toHaveLength(12);
    expect(inRow.getByText('3 blogs · 2 active itineraries')).toBeInTheDocument();
    expect(screen.getByText('8.3%')).toBeInTheDocument();
    expect(
      screen.getByRole('cell', { name: 'JAN: 1 complete, 0 incomplete, 0 missing' }),
    ).toBeInTheDocument();
  });

  it('asks again with the state chosen, and says when no place matches', async () => {
    const calls = serve();
    const { user } = await openPage('/services/coverage', { name: 'Content Coverage', level: 1 });
    await screen.findByRole('option', { name: 'India (IN)' });
    await user.selectOptions(screen.getByLabelText('Country'), 'c1');
    await screen.findByRole('option', { name: 'Kerala' });
    await user.selectOptions(screen.getByLabelText('State'), 's2');
    expect(await screen.findByText('No places found')).toBeInTheDocument();
    const last = calls.filter((call) => call.url === API_PATHS.contentCoverage).at(-1);
    expect(Object.fromEntries(last?.search ?? [])).toEqual({
      page: '1',
      limit: '25',
      countryId: 'c1',
      stateId: 's2',
    });
  });

  it('opens a missing month as a new record of that place and month', async () => {
    serve();
    const { user } = await openPage('/services/coverage', { name: 'Content Coverage', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Panaji, March: Missing' }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => {
      expect(dialog.getByLabelText('Place *')).toHaveValue('p1');
    });
    expect(dialog.getByLabelText('Country *')).toHaveValue('c1');
    expect(dialog.getByLabelText('State *')).toHaveValue('s1');
    expect(dialog.getByLabelText('Month *')).toHaveValue('MAR');
  });

  it('opens an existing month as its record', async () => {
    const calls = serve();
    const { user } = await openPage('/services/coverage', { name: 'Content Coverage', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Panaji, January: Complete' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(
      calls.find((call) => call.url === API_PATHS.service.placeDetailsById)?.search.get('id'),
    ).toBe('d1');
  });

  it('says so when a month cannot be loaded, and stays on the grid', async () => {
    serve(undefined, () => errorResponse(404, 'NOT_FOUND', 'Place details not found'));
    const { user } = await openPage('/services/coverage', { name: 'Content Coverage', level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Panaji, January: Complete' }));
    expect(await screen.findByText('Place details not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Content Coverage', level: 1 })).toBeVisible();
  });

  it('shows cells as text, not buttons, to an admin who may not write place details', async () => {
    serve(['place-details.view']);
    await openPage('/services/coverage', { name: 'Content Coverage', level: 1 });
    await screen.findByRole('rowheader', { name: /Panaji/ });
    expect(screen.queryByRole('button', { name: /Panaji, March/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Panaji, March: Missing' })).toBeInTheDocument();
  });
});
