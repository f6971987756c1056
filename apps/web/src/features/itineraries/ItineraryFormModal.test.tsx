import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, IDEMPOTENCY_HEADER, type Itinerary } from '@safarnama/contract';
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
import { ItineraryFormModal } from './ItineraryFormModal';
import { makeItinerary } from './test-data';

const india = makeCountry(1, { _id: 'c1', name: 'India', shortName: 'IN' });
const nepal = makeCountry(2, { _id: 'c2', name: 'Nepal', shortName: 'NP' });
const goa = makeState(1, india, { _id: 's1', name: 'Goa' });
const kerala = makeState(2, india, { _id: 's2', name: 'Kerala' });
const panaji = makePlace(1, goa, { _id: 'p1', name: 'Panaji' });
const kochi = makePlace(2, kerala, { _id: 'p2', name: 'Kochi' });

type SaveAnswer = Response | 'network-error';

const stubServer = (save: (call: RecordedCall) => SaveAnswer = () => new Response(null)) =>
  stubFetch((call) => {
    switch (call.url) {
      case API_PATHS.service.activeCountries:
        return jsonResponse(okEnvelope({ countries: [india, nepal] }));
      case API_PATHS.service.activeStates:
        return jsonResponse(
          okEnvelope({
            states: [goa, kerala].filter((s) => s.countryId === call.search.get('countryId')),
          }),
        );
      case API_PATHS.service.activePlaces:
        return jsonResponse(
          okEnvelope({
            places: [panaji, kochi].filter((p) => p.stateId === call.search.get('stateId')),
          }),
        );
    }
    if (call.method === 'POST' || call.method === 'PUT') {
      const answer = save(call);
      if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
      return answer;
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

beforeAll(stubLayoutForEditor);

const renderForm = (record: Itinerary | null = null) => {
  const onClose = vi.fn();
  render(
    <Providers store={makeStore()}>
      <ItineraryFormModal record={record} onClose={onClose} />
    </Providers>,
  );
  return { onClose, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
};

const chooseLocation = async (
  user: ReturnType<typeof userEvent.setup>,
  country = 'c1',
  state = 's1',
  place = 'p1',
) => {
  const countrySelect = screen.getByLabelText('Country *');
  await waitFor(() => {
    expect(within(countrySelect).getByRole('option', { name: 'India (IN)' })).toBeInTheDocument();
  });
  await user.selectOptions(countrySelect, country);
  const stateSelect = screen.getByLabelText('State *');
  await waitFor(() => {
    expect(stateSelect).toBeEnabled();
    expect(stateSelect.querySelector(`option[value="${state}"]`)).not.toBeNull();
  });
  await user.selectOptions(stateSelect, state);
  const placeSelect = screen.getByLabelText('Place *');
  await waitFor(() => {
    expect(placeSelect.querySelector(`option[value="${place}"]`)).not.toBeNull();
  });
  await user.selectOptions(placeSelect, place);
};

/** Picks options of a multi-select by typing each in its search box and pressing Enter. */
const pick = async (
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  noun: string,
  terms: string[],
) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  const search = screen.getByRole('textbox', { name: `Search ${noun}` });
  for (const term of terms) await user.type(search, `${term}{Enter}`);
  await user.keyboard('{Escape}');
};

/** The chips of a multi-select, in order. */
const chipsOf = (noun: string) =>
  within(screen.getByRole('list', { name: `Selected ${noun}` }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent?.replace('×', '').trim());

const fillRequired = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Title *'), 'Goa Beach Escape');
  await user.type(screen.getByLabelText('Duration *'), '5 Days / 4 Nights');
  await pick(user, 'Languages *', 'languages', ['hin', 'eng']);
  const price = screen.getByLabelText('Price per Person (₹) *');
  await user.clear(price);
  await user.type(price, '125000');
  await chooseLocation(user);
};

const headings = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

const sentBody = (calls: RecordedCall[]) => {
  const call = calls.find((c) => c.method === 'POST' || c.method === 'PUT');
  return (call?.body as { data: Record<string, unknown> } | undefined)?.data;
};

describe('ItineraryFormModal', { timeout: 20_000 }, () => {
  it('create mode: title, sections in order, the defaults and the spec texts', () => {
    stubServer();
    renderForm();
    expect(screen.getByRole('dialog', { name: 'Create New Itinerary' })).toBeInTheDocument();
    expect(headings()).toEqual([
      'Itinerary Information',
      'Seasonal & Group Pricing',
      'SEO Optimization',
      'Location Details',
      'Daily Itinerary',
      'Highlights, Inclusions & Exclusions',
      'FAQs',
      'Schedule',
    ]);
    expect(screen.getByLabelText('Duration *')).toHaveAttribute('placeholder', '7 Days / 6 Nights');
    const type = screen.getByLabelText('Type *');
    expect(within(type).getAllByRole('option')[0]).toHaveTextContent('Select Type');
    expect(type).toHaveValue('Adventure');
    expect(screen.getByLabelText('Group Size *')).toHaveValue(1);
    expect(screen.getByLabelText('Group Size *')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Price per Person (₹) *')).toHaveValue(0);
    expect(screen.getByLabelText('Price per Person (₹) *')).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Visibility *')).toHaveValue('public');
    const months = screen.getByRole('combobox', { name: 'Months' });
    expect(months).toHaveTextContent('Select months');
    // The spec's hint stays the helper line under Months.
    expect(months).toHaveAccessibleDescription(
      'Select months Hold Ctrl/Cmd to select multiple months',
    );
    expect(screen.getByRole('combobox', { name: 'Languages *' })).toHaveTextContent(
      'Select languages',
    );
    expect(screen.getByLabelText('Meta Description')).toHaveAttribute('rows', '3');
    expect(screen.getByRole('button', { name: 'Save Itinerary' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Image Library' })).toBeInTheDocument();
    // Browser-level required attributes (spec §5).
    for (const label of [
      'Title *',
      'Duration *',
      'Type *',
      'Group Size *',
      'Languages *',
      'Price per Person (₹) *',
      'Visibility *',
      'Country *',
      'State *',
      'Place *',
    ]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it('Languages and Months: searchable multi-selects with chips, sending the same codes', async () => {
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: makeItinerary(1) }, 201), 201));
    const { user } = renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Months' }));
    const listbox = screen.getByRole('listbox', { name: 'Months' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    const search = screen.getByRole('textbox', { name: 'Search months' });
    await user.type(search, 'ju');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['June', 'July']);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(search, 'dec{Enter}');
    await user.type(search, 'jan{Enter}');
    // Escape closes the list, not the form.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Itinerary' })).toBeInTheDocument();
    expect(chipsOf('months')).toEqual(['January', 'July', 'December']);
    expect(screen.getByRole('combobox', { name: 'Months' })).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Remove December' }));
    expect(chipsOf('months')).toEqual(['January', 'July']);

    await user.type(screen.getByLabelText('Title *'), 'Goa Beach Escape');
    await user.type(screen.getByLabelText('Duration *'), '5 Days / 4 Nights');
    await user.click(screen.getByRole('combobox', { name: 'Languages *' }));
    expect(
      within(screen.getByRole('listbox', { name: 'Languages' })).getAllByRole('option'),
    ).toHaveLength(8);
    // Space toggles the active option while nothing is typed.
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    await user.keyboard('{Escape}');
    expect(chipsOf('languages')).toEqual(['Spanish']);
    await chooseLocation(user);
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await screen.findByText('Itinerary created successfully!')).toBeInTheDocument();
    expect(sentBody(calls)).toMatchObject({ languages: ['Spanish'], months: ['JAN', 'JUL'] });
  });

  it('a missing language shows its error on the multi-select', async () => {
    stubServer();
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    const languages = screen.getByRole('combobox', { name: 'Languages *' });
    expect(languages).toHaveAttribute('aria-invalid', 'true');
    expect(languages).toHaveAccessibleDescription('Select languages Choose at least one language');
  });

  it('cascade: State waits for a country, Place for a state; a new country clears both', async () => {
    stubServer();
    const { user } = renderForm();
    expect(screen.getByLabelText('State *')).toBeDisabled();
    expect(screen.getByLabelText('Place *')).toBeDisabled();
    await chooseLocation(user);
    expect(screen.getByLabelText('Place *')).toHaveValue('p1');

    await user.selectOptions(screen.getByLabelText('State *'), 's2');
    expect(screen.getByLabelText('Place *')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('Country *'), 'c2');
    expect(screen.getByLabelText('State *')).toHaveValue('');
    expect(screen.getByLabelText('Place *')).toHaveValue('');
    expect(screen.getByLabelText('Place *')).toBeDisabled();
  });

  it('SEO and FAQs only while public; a private save sends them empty', async () => {
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: makeItinerary(1) }, 201), 201));
    const { user, onClose } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Meta Title'), 'Goa beaches');
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await user.type(screen.getByLabelText('Question 1'), 'Food?');
    await user.type(screen.getByLabelText('Answer 1'), 'Yes');

    await user.selectOptions(screen.getByLabelText('Visibility *'), 'private');
    expect(screen.queryByRole('heading', { name: 'SEO Optimization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'FAQs' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Meta Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add FAQ' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await screen.findByText('Itinerary created successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(calls)).toMatchObject({
      visibility: 'private',
      metaTitle: '',
      metaDescription: '',
      faqs: [],
    });

    // Back to public (once the form is no longer saving): the sections return.
    await waitFor(() => {
      expect(screen.getByLabelText('Visibility *')).toBeEnabled();
    });
    await user.selectOptions(screen.getByLabelText('Visibility *'), 'public');
    expect(await screen.findByRole('heading', { name: 'SEO Optimization' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'FAQs' })).toBeInTheDocument();
  });

  it("'Add Day' appends 'Day N'; days can be edited, deleted and moved", async () => {
    stubServer();
    const { user } = renderForm();
    // The days' editor loads in a chunk of its own.
    const addDay = await screen.findByRole('button', { name: 'Add Day' });
    await user.click(addDay);
    await user.click(addDay);
    await user.click(addDay);
    expect(screen.getByLabelText('Day 1 title')).toHaveValue('Day 1');
    expect(screen.getByLabelText('Day 3 title')).toHaveValue('Day 3');
    const description = screen.getByLabelText('Day 1 description');
    expect(description).toHaveValue('');
    expect(description).toHaveAttribute('rows', '4');
    expect(description).toHaveAttribute('placeholder', 'Describe the activities for this day...');

    await user.clear(screen.getByLabelText('Day 1 title'));
    await user.type(screen.getByLabelText('Day 1 title'), 'Arrival');
    await user.click(
      within(screen.getByRole('listitem', { name: 'Day 1' })).getByRole('button', {
        name: 'Move down',
      }),
    );
    expect(screen.getByLabelText('Day 1 title')).toHaveValue('Day 2');
    expect(screen.getByLabelText('Day 2 title')).toHaveValue('Arrival');
    expect(
      within(screen.getByRole('listitem', { name: 'Day 1' })).getByRole('button', {
        name: 'Move up',
      }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Drag to reorder day 1' })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    );

    await user.click(screen.getByRole('button', { name: 'Delete day 1' }));
    expect(screen.getAllByRole('listitem', { name: /^Day \d$/ })).toHaveLength(2);
    expect(screen.getByLabelText('Day 1 title')).toHaveValue('Arrival');
    // N = the count of days + 1.
    await user.click(addDay);
    expect(screen.getByLabelText('Day 3 title')).toHaveValue('Day 3');
  });

  it("'Add FAQ' appends an empty pair; each pair can be deleted", async () => {
    stubServer();
    const { user } = renderForm();
    const addFaq = screen.getByRole('button', { name: 'Add FAQ' });
    await user.click(addFaq);
    await user.click(addFaq);
    expect(screen.getByLabelText('Question 1')).toHaveValue('');
    expect(screen.getByLabelText('Answer 2')).toHaveValue('');
    await user.type(screen.getByLabelText('Question 2'), 'Second?');
    await user.click(screen.getByRole('button', { name: 'Delete FAQ 1' }));
    expect(screen.queryByLabelText('Question 2')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Question 1')).toHaveValue('Second?');
  });

  it('an empty form shows the required-field errors and sends nothing', async () => {
    const calls = stubServer();
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Type *'), '');
    await user.clear(screen.getByLabelText('Group Size *'));
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    for (const text of [
      'Title is required',
      'Duration is required',
      'Type is required',
      'Group size is required',
      'Choose at least one language',
      'Country is required',
      'State is required',
      'Place is required',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('create sends the body under data and says so on 201', async () => {
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: makeItinerary(1) }, 201), 201));
    const { user, onClose } = renderForm();
    await fillRequired(user);
    await pick(user, 'Months', 'months', ['nov', 'mar']);
    await user.click(screen.getByRole('button', { name: 'Add Day' }));
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await screen.findByText('Itinerary created successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    const call = calls.find((c) => c.method === 'POST');
    expect(call?.url).toBe(API_PATHS.service.createItinerary);
    expect(sentBody(calls)).toEqual({
      title: 'Goa Beach Escape',
      duration: '5 Days / 4 Nights',
      type: 'Adventure',
      groupSize: 1,
      languages: ['English', 'Hindi'],
      pricePerPerson: 125000,
      visibility: 'public',
      imageLibraryId: null,
      months: ['MAR', 'NOV'],
      description: '',
      metaTitle: '',
      metaDescription: '',
      countryId: 'c1',
      stateId: 's1',
      placeId: 'p1',
      dailyItinerary: [
        {
          title: 'Day 1',
          description: '',
          placeIds: [],
          meals: [],
          stay: '',
          transfer: '',
          imageId: null,
        },
      ],
      faqs: [],
      isActive: true,
      // Issue 22: nothing added, so empty lists, no bands and GST_DEFAULT.
      highlights: [],
      inclusions: [],
      exclusions: [],
      priceBands: [],
      gst: { rate: 0, included: true },
    });
  });

  it('edit mode: prefilled from the listed record, PUT with _id, 200 → updated', async () => {
    const record = makeItinerary(3);
    const calls = stubServer(() => jsonResponse(okEnvelope({ data: record })));
    const { user, onClose } = renderForm(record);
    expect(screen.getByRole('dialog', { name: 'Edit Itinerary' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title *')).toHaveValue(record.title);
    expect(screen.getByLabelText('Type *')).toHaveValue('Beach');
    expect(screen.getByLabelText('Group Size *')).toHaveValue(12);
    expect(chipsOf('months')).toEqual(['March', 'November']);
    expect(screen.getByRole('combobox', { name: 'Months' })).toHaveTextContent('2 selected');
    expect(screen.getByLabelText('Day 2 description')).toHaveValue('Old Goa churches');
    expect(screen.getByLabelText('Question 1')).toHaveValue('Is breakfast included?');
    await waitFor(() => {
      expect(screen.getByLabelText('Place *')).toHaveValue('p1');
    });

    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await screen.findByText('Itinerary updated successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const call = calls.find((c) => c.method === 'PUT');
    expect(call?.url).toBe(API_PATHS.service.updateItinerary(record._id));
    expect(call?.headers.get(IDEMPOTENCY_HEADER)).toBeNull();
    expect(sentBody(calls)).toMatchObject({
      _id: record._id,
      countryId: 'c1',
      stateId: 's1',
      placeId: 'p1',
      months: ['MAR', 'NOV'],
    });
  });

  it('a 400 shows the server message and puts its details on the fields', async () => {
    stubServer(() =>
      jsonResponse(
        errorEnvelope(400, 'VALIDATION_ERROR', 'Some fields are invalid', [
          { path: 'groupSize', message: 'Group size must be at least 1' },
          { path: 'dailyItinerary.0.title', message: 'Day title is too long' },
        ]),
      ),
    );
    const { user, onClose } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add Day' }));
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(await screen.findAllByText('Some fields are invalid')).not.toHaveLength(0);
    expect(screen.getByText('Group size must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Day title is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Group Size *')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a create sends an Idempotency-Key, the same one when retried after a failure', async () => {
    let answers = 0;
    const calls = stubServer(() => {
      answers += 1;
      return answers === 1
        ? 'network-error'
        : jsonResponse(okEnvelope({ data: makeItinerary(1) }, 201), 201);
    });
    const { user, onClose } = renderForm();
    await fillRequired(user);
    const save = screen.getByRole('button', { name: 'Save Itinerary' });
    await user.click(save);
    expect(
      await screen.findAllByText('Error updating/creating itinerary. Please try again.'),
    ).not.toHaveLength(0);
    await user.click(save);
    expect(await screen.findByText('Itinerary created successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get(IDEMPOTENCY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a 400 detail on a FAQ or a location lands under that field', async () => {
    stubServer(() =>
      jsonResponse(
        errorEnvelope(400, 'VALIDATION_ERROR', 'Some fields are invalid', [
          { path: 'faqs.0.answer', message: 'Answer is too long' },
          { path: 'placeId', message: 'This place is not in the chosen state' },
        ]),
      ),
    );
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await user.type(screen.getByLabelText('Question 1'), 'Food?');
    await user.type(screen.getByLabelText('Answer 1'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Answer 1')).toHaveAccessibleDescription('Answer is too long');
    });
    expect(screen.getByLabelText('Place *')).toHaveAccessibleDescription(
      'This place is not in the chosen state',
    );
    expect(screen.getByLabelText('Title *')).not.toHaveAttribute('aria-invalid');
  });

  it("a non-success status without a message: 'Failed to save itinerary. Please try again.'", async () => {
    stubServer(() => new Response(JSON.stringify({}), { status: 409 }));
    const { user, onClose } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(
      await screen.findAllByText('Failed to save itinerary. Please try again.'),
    ).not.toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("no answer at all: 'Error updating/creating itinerary. Please try again.'", async () => {
    stubServer(() => 'network-error');
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Itinerary' }));
    expect(
      await screen.findAllByText('Error updating/creating itinerary. Please try again.'),
    ).not.toHaveLength(0);
  });
});
