import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, makePagination, type Itinerary, type Place } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { stubLayoutForEditor } from '../../test/layout';
import {
  errorEnvelope,
  jsonResponse,
  okEnvelope,
  stubFetch,
  type RecordedCall,
} from '../../test/utils';
import { makeCountry, makePlace, makeState } from '../geography/test-data';
import { makeImage } from '../image-libraries/test-data';
import { ItineraryFormModal } from './ItineraryFormModal';
import { makeItinerary } from './test-data';

const india = makeCountry(1, { _id: 'c1', name: 'India', shortName: 'IN' });
const goa = makeState(1, india, { _id: 's1', name: 'Goa' });
const panaji = makePlace(1, goa, { _id: 'p1', name: 'Panaji' });
const calangute = makePlace(2, goa, { _id: 'p2', name: 'Calangute' });
const baga = makePlace(3, goa, { _id: 'p3', name: 'Baga' });
const ALL_PLACES = [panaji, calangute, baga];

type Answer = Response | undefined;

/** The form's server: the location lists, the places search, and `save` for the PUT / POST. */
const stubServer = (save: (call: RecordedCall) => Answer = () => undefined) =>
  stubFetch((call) => {
    switch (call.url) {
      case API_PATHS.service.activeCountries:
        return jsonResponse(okEnvelope({ countries: [india] }));
      case API_PATHS.service.activeStates:
        return jsonResponse(okEnvelope({ states: [goa] }));
      case API_PATHS.service.activePlaces:
        return jsonResponse(okEnvelope({ places: [panaji] }));
      case API_PATHS.service.listPlaces: {
        const term = (call.search.get('search') ?? '').toLowerCase();
        const places = ALL_PLACES.filter((p) => p.name.toLowerCase().includes(term)).map(
          // The server answers coordinates with a place (issue 22).
          (p): Place & { latitude: number; longitude: number } => ({
            ...p,
            latitude: 15 + Number(p._id.slice(1)) / 10,
            longitude: 73.8,
          }),
        );
        return jsonResponse(
          okEnvelope({ places, pagination: makePagination(places.length, 1, 10) }),
        );
      }
    }
    if (call.method === 'PUT' || call.method === 'POST') {
      return save(call) ?? jsonResponse(okEnvelope({ data: makeItinerary(1) }));
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

beforeAll(stubLayoutForEditor);

/** The edit form of a complete record (so a save needs nothing more), its location loaded. */
const renderForm = async (record: Itinerary) => {
  const onClose = vi.fn();
  render(
    <Providers store={makeStore()}>
      <ItineraryFormModal record={record} onClose={onClose} />
    </Providers>,
  );
  await waitFor(() => {
    expect(screen.getByLabelText('Place *')).toHaveValue('p1');
  });
  // The pricing section, the lists and the days' details load in chunks of their own.
  await screen.findByRole('button', { name: 'Add price band' });
  await screen.findByRole('button', { name: 'Add highlight' });
  if (record.dailyItinerary.length > 0) {
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'More for this day' })).toHaveLength(
        record.dailyItinerary.length,
      );
    });
  }
  return { onClose, user: userEvent.setup() };
};

type User = ReturnType<typeof userEvent.setup>;

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save Itinerary' }));

const sent = (calls: RecordedCall[]) =>
  (calls.find((c) => c.method === 'PUT')?.body as { data: Record<string, unknown> } | undefined)
    ?.data;

const dayItem = (n: number) => within(screen.getByRole('listitem', { name: `Day ${n}` }));

/** The chips of a day's places, in order ('1. Panaji'). */
const placeChips = (n: number) =>
  within(screen.getByRole('list', { name: `Places of day ${n}, in order` }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent?.replace('×', '').trim());

/** Picks options of a multi-select by typing each in its search box and pressing Enter. */
const pick = async (user: User, label: string, noun: string, terms: string[]) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  const search = screen.getByRole('textbox', { name: `Search ${noun}` });
  for (const term of terms) await user.type(search, `${term}{Enter}`);
  await user.keyboard('{Escape}');
};

const retype = async (user: User, input: HTMLElement, text: string) => {
  await user.clear(input);
  await user.type(input, text);
};

describe('ItineraryFormModal: the itinerary builder (issue 22)', { timeout: 30_000 }, () => {
  it('a day’s places: searched, picked in order, moved, removed, and sent as placeIds', async () => {
    const calls = stubServer();
    const record = makeItinerary(1, {
      dailyItinerary: [
        {
          title: 'Day 1',
          description: 'Arrive',
          placeIds: ['p1'],
          places: [{ _id: 'p1', name: 'Panaji', latitude: 15.49, longitude: 73.83 }],
        },
        { title: 'Day 2', description: 'Beaches' },
      ],
    });
    const { user } = await renderForm(record);
    // The saved record's places show by name (the answer's dailyItinerary[i].places).
    expect(placeChips(1)).toEqual(['1. Panaji']);
    expect(screen.queryByRole('list', { name: 'Places of day 2, in order' })).toBeNull();

    const search = screen.getByRole('combobox', { name: 'Places visited on day 1' });
    await user.type(search, 'cal');
    // The search goes to get-all-places once the typing has settled (500 ms).
    await waitFor(
      () => {
        const asked = calls.filter((c) => c.url === API_PATHS.service.listPlaces);
        expect(asked.at(-1)?.search.get('search')).toBe('cal');
      },
      { timeout: 3000 },
    );
    const listbox = screen.getByRole('listbox', { name: 'Places for day 1' });
    await waitFor(() => {
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Calangute · Goa, India']);
    });
    const option = within(listbox).getByRole('option', { name: /^Calangute/ });
    await user.click(option);
    expect(placeChips(1)).toEqual(['1. Panaji', '2. Calangute']);
    expect(screen.getByText('Calangute added, place 2 of 2.')).toBeInTheDocument();

    // The keyboard: type, wait for the list, Enter picks the active option.
    await user.type(search, 'baga');
    await waitFor(
      () => {
        expect(
          within(listbox)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Baga · Goa, India']);
      },
      { timeout: 3000 },
    );
    await user.keyboard('{Enter}');
    expect(placeChips(1)).toEqual(['1. Panaji', '2. Calangute', '3. Baga']);
    // Escape closes the list, not the dialog.
    await user.keyboard('{Escape}');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Edit Itinerary' })).toBeInTheDocument();

    // The route under the days follows the picks, in order, with coordinates from the search.
    await waitFor(() => {
      expect(
        within(screen.getByRole('list', { name: 'Route stops' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['1Day 1: Panaji', '2Day 1: Calangute', '3Day 1: Baga']);
    });

    await user.click(screen.getByRole('button', { name: 'Move Baga earlier' }));
    expect(placeChips(1)).toEqual(['1. Panaji', '2. Baga', '3. Calangute']);
    expect(screen.getByText('Baga moved to place 2 of 3.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Panaji earlier' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Panaji later' }));
    await user.click(screen.getByRole('button', { name: 'Remove Calangute' }));
    expect(placeChips(1)).toEqual(['1. Baga', '2. Panaji']);

    await save(user);
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(sent(calls)?.dailyItinerary).toMatchObject([
      { title: 'Day 1', placeIds: ['p3', 'p1'] },
      { title: 'Day 2', placeIds: [] },
    ]);
  });

  it('meals, stay, transfer and the day’s image (from the gallery) round-trip into the request', async () => {
    const calls = stubServer();
    const gallery = [makeImage(1, { altText: 'Baga beach' }), makeImage(2, { altText: 'Fort' })];
    const record = makeItinerary(1, {
      gallery,
      dailyItinerary: [
        { title: 'Day 1', description: 'Arrive' },
        {
          title: 'Day 2',
          description: 'Beaches',
          meals: ['lunch'],
          stay: 'Taj Fort Aguada',
          transfer: '',
          imageId: gallery[1]?._id ?? null,
        },
      ],
    });
    const { user } = await renderForm(record);
    // Day 1 has no extras: folded away. Day 2 has some: open from the start.
    const more1 = dayItem(1).getByRole('button', { name: 'More for this day' });
    expect(more1).toHaveAttribute('aria-expanded', 'false');
    expect(dayItem(1).queryByRole('textbox', { name: 'Stay' })).toBeNull();
    expect(dayItem(2).getByRole('button', { name: 'More for this day' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(dayItem(2).getByRole('textbox', { name: 'Stay' })).toHaveValue('Taj Fort Aguada');
    expect(dayItem(2).getByRole('checkbox', { name: 'Lunch' })).toBeChecked();
    expect(
      within(dayItem(2).getByRole('group', { name: 'Image for day 2' })).getByRole('radio', {
        name: 'Fort',
      }),
    ).toBeChecked();

    await user.click(more1);
    const day1 = dayItem(1);
    expect(day1.getByRole('group', { name: 'Meals on day 1' })).toBeInTheDocument();
    await user.click(day1.getByRole('checkbox', { name: 'Dinner' }));
    await user.click(day1.getByRole('checkbox', { name: 'Breakfast' }));
    await user.type(day1.getByRole('textbox', { name: 'Stay' }), 'Houseboat');
    await user.type(day1.getByRole('textbox', { name: 'Transfer' }), 'Private cab');
    const images = within(day1.getByRole('group', { name: 'Image for day 1' }));
    expect(images.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'No image',
      'Baga beach',
      'Fort',
    ]);
    expect(images.getByRole('radio', { name: 'No image' })).toBeChecked();
    await user.click(images.getByRole('radio', { name: 'Baga beach' }));
    // Day 2's image is taken off.
    await user.click(
      within(dayItem(2).getByRole('group', { name: 'Image for day 2' })).getByRole('radio', {
        name: 'No image',
      }),
    );

    await save(user);
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(sent(calls)?.dailyItinerary).toEqual([
      {
        title: 'Day 1',
        description: 'Arrive',
        placeIds: [],
        // In the day's order, whatever order they were ticked in.
        meals: ['breakfast', 'dinner'],
        stay: 'Houseboat',
        transfer: 'Private cab',
        imageId: gallery[0]?._id,
      },
      {
        title: 'Day 2',
        description: 'Beaches',
        placeIds: [],
        meals: ['lunch'],
        stay: 'Taj Fort Aguada',
        transfer: '',
        imageId: null,
      },
    ]);
  });

  it('a new itinerary has no gallery, so no day image to choose', async () => {
    stubServer();
    render(
      <Providers store={makeStore()}>
        <ItineraryFormModal record={null} onClose={vi.fn()} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Day' }));
    await user.click(await dayItem(1).findByRole('button', { name: 'More for this day' }));
    expect(dayItem(1).getByRole('textbox', { name: 'Transfer' })).toBeVisible();
    expect(dayItem(1).queryByRole('group', { name: 'Image for day 1' })).toBeNull();
  });

  it('highlights, inclusions, exclusions: add, edit, reorder, remove, sent in order', async () => {
    const calls = stubServer();
    const { user } = await renderForm(makeItinerary(1, { highlights: ['Sunset cruise'] }));
    const highlights = within(screen.getByRole('group', { name: 'Highlights' }));
    expect(highlights.getByRole('textbox', { name: 'Highlight 1' })).toHaveValue('Sunset cruise');
    await user.click(highlights.getByRole('button', { name: 'Add highlight' }));
    // The new item takes focus.
    expect(highlights.getByRole('textbox', { name: 'Highlight 2' })).toHaveFocus();
    await user.keyboard('Spice farm');
    await user.click(highlights.getByRole('button', { name: 'Add highlight' }));
    await user.keyboard('Old Goa');
    await user.click(highlights.getByRole('button', { name: 'Move highlight 3 up' }));
    expect(
      highlights.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Sunset cruise', 'Old Goa', 'Spice farm']);
    expect(highlights.getByRole('button', { name: 'Move highlight 1 up' })).toBeDisabled();
    expect(highlights.getByRole('button', { name: 'Drag to reorder highlight 1' })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    );
    await retype(user, highlights.getByRole('textbox', { name: 'Highlight 1' }), 'Dolphin cruise');
    await user.click(highlights.getByRole('button', { name: 'Move highlight 1 down' }));
    await user.click(highlights.getByRole('button', { name: 'Remove highlight 3' }));

    const inclusions = within(screen.getByRole('group', { name: 'Inclusions' }));
    await user.click(inclusions.getByRole('button', { name: 'Add inclusion' }));
    await user.keyboard('Breakfast');
    const exclusions = within(screen.getByRole('group', { name: 'Exclusions' }));
    await user.click(exclusions.getByRole('button', { name: 'Add exclusion' }));
    await user.keyboard('Flights');
    await user.click(exclusions.getByRole('button', { name: 'Add exclusion' }));
    await user.click(exclusions.getByRole('button', { name: 'Remove exclusion 2' }));

    await save(user);
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(sent(calls)).toMatchObject({
      highlights: ['Old Goa', 'Dolphin cruise'],
      inclusions: ['Breakfast'],
      exclusions: ['Flights'],
    });
  });

  it('an empty list item is refused on its input; nothing is sent', async () => {
    const calls = stubServer();
    const { user } = await renderForm(makeItinerary(1));
    const inclusions = within(screen.getByRole('group', { name: 'Inclusions' }));
    await user.click(inclusions.getByRole('button', { name: 'Add inclusion' }));
    await save(user);
    await waitFor(() => {
      expect(inclusions.getByRole('textbox', { name: 'Inclusion 1' })).toHaveAccessibleDescription(
        'Write something or remove the item',
      );
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('price bands: added, overlapping bands refused on the later band’s months', async () => {
    const calls = stubServer();
    const { user } = await renderForm(makeItinerary(1));
    expect(screen.getByRole('heading', { name: 'Seasonal & Group Pricing' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add price band' }));
    const band1 = within(screen.getByRole('group', { name: 'Price band 1' }));
    // A new band: every group size up to the itinerary's (12), at the base price.
    expect(band1.getByRole('spinbutton', { name: 'Smallest group of band 1' })).toHaveValue(1);
    expect(band1.getByRole('spinbutton', { name: 'Largest group of band 1' })).toHaveValue(12);
    expect(band1.getByRole('spinbutton', { name: 'Price per person of band 1' })).toHaveValue(
      125000,
    );
    await pick(user, 'Months of band 1', 'months of band 1', ['nov', 'dec']);
    await retype(user, band1.getByRole('spinbutton', { name: 'Largest group of band 1' }), '4');

    await user.click(screen.getByRole('button', { name: 'Add price band' }));
    const band2 = within(screen.getByRole('group', { name: 'Price band 2' }));
    await pick(user, 'Months of band 2', 'months of band 2', ['dec']);
    await retype(user, band2.getByRole('spinbutton', { name: 'Smallest group of band 2' }), '3');
    await save(user);
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Months of band 2' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    });
    expect(screen.getByRole('combobox', { name: 'Months of band 2' })).toHaveAccessibleDescription(
      '1 selected Overlaps price band 1 for the same month and group size',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Band 2 starting above band 1's largest group no longer overlaps.
    await retype(user, band2.getByRole('spinbutton', { name: 'Smallest group of band 2' }), '5');
    await save(user);
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(sent(calls)?.priceBands).toEqual([
      { months: ['NOV', 'DEC'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 125000 },
      { months: ['DEC'], minGroupSize: 5, maxGroupSize: 12, pricePerPerson: 125000 },
    ]);
  });

  it('a band whose smallest group is above its largest is refused on the largest; bands can go', async () => {
    const calls = stubServer();
    const { user } = await renderForm(
      makeItinerary(1, {
        priceBands: [
          { months: ['MAR'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 90000 },
          { months: ['NOV'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 95000 },
        ],
      }),
    );
    const band1 = within(screen.getByRole('group', { name: 'Price band 1' }));
    await retype(user, band1.getByRole('spinbutton', { name: 'Smallest group of band 1' }), '6');
    await save(user);
    await waitFor(() => {
      expect(
        band1.getByRole('spinbutton', { name: 'Largest group of band 1' }),
      ).toHaveAccessibleDescription('The largest group cannot be smaller than the smallest');
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove price band 1' }));
    expect(screen.queryByRole('group', { name: 'Price band 2' })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Price band 1' })).getByRole('spinbutton', {
        name: 'Price per person of band 1',
      }),
    ).toHaveValue(95000);
    await save(user);
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(sent(calls)?.priceBands).toEqual([
      { months: ['NOV'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 95000 },
    ]);
  });

  it('GST: 0–28 % with two decimals, refused on the rate past 28; sent with “Prices include GST”', async () => {
    const calls = stubServer();
    const { user } = await renderForm(makeItinerary(1));
    const rate = screen.getByRole('spinbutton', { name: 'GST rate (%)' });
    expect(rate).toHaveValue(0);
    expect(rate).toHaveAttribute('step', '0.01');
    expect(screen.getByRole('checkbox', { name: 'Prices include GST' })).toBeChecked();
    await retype(user, rate, '30');
    await save(user);
    await waitFor(() => {
      expect(rate).toHaveAccessibleDescription('GST rate is at most 28 %');
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await retype(user, rate, '12.5');
    await user.click(screen.getByRole('checkbox', { name: 'Prices include GST' }));
    await save(user);
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(sent(calls)?.gst).toEqual({ rate: 12.5, included: false });
  });

  it('the live price table and “From ₹x per person” follow the bands and GST, in Indian grouping', async () => {
    stubServer();
    const { user } = await renderForm(makeItinerary(1));
    const table = () =>
      screen.getByRole('table', { name: /^Price per person by month and group size/ });
    const rows = () =>
      within(table())
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    // The record: ₹1,25,000, groups up to 12, sold in March and November.
    expect(rows()).toEqual([
      ['Group size', 'MAR', 'NOV'],
      ['1–12', '₹1,25,000', '₹1,25,000'],
    ]);
    expect(screen.getByText('From ₹1,25,000 per person')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add price band' }));
    await pick(user, 'Months of band 1', 'months of band 1', ['nov']);
    const band1 = within(screen.getByRole('group', { name: 'Price band 1' }));
    await retype(user, band1.getByRole('spinbutton', { name: 'Largest group of band 1' }), '4');
    await retype(
      user,
      band1.getByRole('spinbutton', { name: 'Price per person of band 1' }),
      '100000',
    );
    expect(rows()).toEqual([
      ['Group size', 'MAR', 'NOV'],
      ['1–4', '₹1,25,000', '₹1,00,000'],
      ['5–12', '₹1,25,000', '₹1,25,000'],
    ]);
    expect(screen.getByText('From ₹1,00,000 per person')).toBeInTheDocument();

    // 5 % GST on top of the prices.
    await retype(user, screen.getByRole('spinbutton', { name: 'GST rate (%)' }), '5');
    await user.click(screen.getByRole('checkbox', { name: 'Prices include GST' }));
    expect(table()).toHaveAccessibleName(
      'Price per person by month and group size (5 % GST added)',
    );
    expect(rows().slice(1)).toEqual([
      ['1–4', '₹1,31,250', '₹1,05,000'],
      ['5–12', '₹1,31,250', '₹1,31,250'],
    ]);
    expect(screen.getByText('From ₹1,05,000 per person')).toBeInTheDocument();

    // A cleared base price: the table waits for it.
    await user.clear(screen.getByLabelText('Price per Person (₹) *'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opened on a record with every issue 22 field, the untouched form closes without asking', async () => {
    stubServer();
    const gallery = [makeImage(1, { altText: 'Baga beach' })];
    const { user, onClose } = await renderForm(
      makeItinerary(1, {
        gallery,
        dailyItinerary: [
          {
            title: 'Day 1',
            description: 'Arrive',
            placeIds: ['p1'],
            places: [{ _id: 'p1', name: 'Panaji', latitude: 15.49, longitude: 73.83 }],
            meals: ['breakfast'],
            stay: 'Houseboat',
            transfer: 'Ferry',
            imageId: gallery[0]?._id ?? null,
          },
        ],
        highlights: ['Sunset cruise'],
        inclusions: ['Breakfast'],
        exclusions: ['Flights'],
        priceBands: [{ months: ['NOV'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 90000 }],
        gst: { rate: 12.5, included: false },
      }),
    );
    expect(screen.getByRole('spinbutton', { name: 'GST rate (%)' })).toHaveValue(12.5);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('a server 400’s details land on the band, the GST rate, a list item and a day’s stay', async () => {
    stubServer(() =>
      jsonResponse(
        errorEnvelope(400, 'VALIDATION_ERROR', 'Some fields are invalid', [
          { path: 'priceBands.0.pricePerPerson', message: 'Price must be whole rupees' },
          { path: 'priceBands.1.months', message: 'Overlaps price band 1' },
          { path: 'gst.rate', message: 'At most two decimals' },
          { path: 'highlights.0', message: 'Too long' },
          { path: 'dailyItinerary.0.stay', message: 'Stay is too long' },
        ]),
      ),
    );
    const { user, onClose } = await renderForm(
      makeItinerary(1, {
        highlights: ['Sunset cruise'],
        priceBands: [
          { months: ['MAR'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 90000 },
          { months: ['NOV'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 95000 },
        ],
      }),
    );
    // Day 1's extras are folded away until an error is in them.
    expect(dayItem(1).queryByRole('textbox', { name: 'Stay' })).toBeNull();
    await save(user);
    await waitFor(() => {
      expect(
        screen.getByRole('spinbutton', { name: 'Price per person of band 1' }),
      ).toHaveAccessibleDescription('Price must be whole rupees');
    });
    expect(screen.getByRole('combobox', { name: 'Months of band 2' })).toHaveAccessibleDescription(
      '1 selected Overlaps price band 1',
    );
    expect(screen.getByRole('spinbutton', { name: 'GST rate (%)' })).toHaveAccessibleDescription(
      'At most two decimals',
    );
    expect(screen.getByRole('textbox', { name: 'Highlight 1' })).toHaveAccessibleDescription(
      'Too long',
    );
    expect(dayItem(1).getByRole('textbox', { name: 'Stay' })).toHaveAccessibleDescription(
      'Stay is too long',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
