import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notFound, renderWithStore, stubFetch, okResponse, errorResponse } from '../../test/utils';
import { EMPTY_LOCATION, LocationFields, type LocationValue } from './LocationFields';
import { makeCountry, makePlace, makeState } from './test-data';

const SERVICE = '/api/v1/admin/service';
const india = makeCountry(1, { name: 'India', shortName: 'IN' });
const nepal = makeCountry(2, { name: 'Nepal', shortName: 'NP' });
const goa = makeState(1, india, { name: 'Goa' });
const kerala = makeState(2, india, { name: 'Kerala' });
const bagmati = makeState(3, nepal, { name: 'Bagmati' });
const panaji = makePlace(1, goa, { name: 'Panaji' });
const calangute = makePlace(2, goa, { name: 'Calangute' });
const kochi = makePlace(3, kerala, { name: 'Kochi' });

const stubServer = () =>
  stubFetch((call) => {
    if (call.url === `${SERVICE}/get-all-active-country`) {
      return okResponse({ countries: [india, nepal] });
    }
    if (call.url === `${SERVICE}/get-all-active-state`) {
      const countryId = call.search.get('countryId');
      return okResponse({
        states: [goa, kerala, bagmati].filter((s) => s.countryId === countryId),
      });
    }
    if (call.url === `${SERVICE}/get-all-active-places`) {
      const stateId = call.search.get('stateId');
      return okResponse({
        places: [panaji, calangute, kochi].filter((p) => p.stateId === stateId),
      });
    }
    return notFound();
  });

const changes: LocationValue[] = [];

const Harness = ({ initial = EMPTY_LOCATION }: { initial?: LocationValue }) => {
  const [value, setValue] = useState(initial);
  return (
    <LocationFields
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
      required
    />
  );
};

const renderFields = (initial?: LocationValue) => {
  changes.length = 0;
  renderWithStore(<Harness initial={initial} />);
};

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('LocationFields', () => {
  it('lists countries as "Name (SN)"; State and Place stay disabled until a parent is chosen', async () => {
    stubServer();
    renderFields();
    const country = screen.getByLabelText(/^Country/);
    await waitFor(() => {
      expect(optionTexts(country)).toEqual(['Select Country', 'India (IN)', 'Nepal (NP)']);
    });
    expect(screen.getByLabelText(/^State/)).toBeDisabled();
    expect(screen.getByLabelText(/^Place/)).toBeDisabled();
    expect(optionTexts(screen.getByLabelText(/^State/))).toEqual(['Select State']);
    expect(optionTexts(screen.getByLabelText(/^Place/))).toEqual(['Select Place']);
  });

  it("loads the chosen country's states, then the chosen state's places", async () => {
    const calls = stubServer();
    renderFields();
    const user = userEvent.setup();
    const country = screen.getByLabelText(/^Country/);
    await screen.findByRole('option', { name: 'India (IN)' });
    await user.selectOptions(country, 'India (IN)');

    const state = screen.getByLabelText(/^State/);
    await waitFor(() => {
      expect(state).toBeEnabled();
    });
    await waitFor(() => {
      expect(optionTexts(state)).toEqual(['Select State', 'Goa', 'Kerala']);
    });
    expect(screen.getByLabelText(/^Place/)).toBeDisabled();
    const stateCall = calls.find((call) => call.url.endsWith('/get-all-active-state'));
    expect(stateCall?.search.get('countryId')).toBe(india._id);

    await user.selectOptions(state, 'Goa');
    const place = screen.getByLabelText(/^Place/);
    await waitFor(() => {
      expect(optionTexts(place)).toEqual(['Select Place', 'Panaji', 'Calangute']);
    });
    expect(place).toBeEnabled();
    const placeCall = calls.find((call) => call.url.endsWith('/get-all-active-places'));
    expect(placeCall?.search.get('countryId')).toBe(india._id);
    expect(placeCall?.search.get('stateId')).toBe(goa._id);

    await user.selectOptions(place, 'Calangute');
    expect(changes.at(-1)).toEqual({
      countryId: india._id,
      stateId: goa._id,
      placeId: calangute._id,
    });
  });

  it('changing the state clears the place and loads the new state’s places', async () => {
    stubServer();
    renderFields({ countryId: india._id, stateId: goa._id, placeId: panaji._id });
    const user = userEvent.setup();
    const place = screen.getByLabelText(/^Place/);
    await screen.findByRole('option', { name: 'Panaji' });
    await screen.findByRole('option', { name: 'Kerala' });
    expect(place).toHaveValue(panaji._id);
    await user.selectOptions(screen.getByLabelText(/^State/), 'Kerala');
    expect(changes.at(-1)).toEqual({ countryId: india._id, stateId: kerala._id, placeId: '' });
    await waitFor(() => {
      expect(optionTexts(place)).toEqual(['Select Place', 'Kochi']);
    });
    expect(place).toHaveValue('');
  });

  it('changing the country clears state and place; clearing it disables both again', async () => {
    stubServer();
    renderFields({ countryId: india._id, stateId: goa._id, placeId: panaji._id });
    const user = userEvent.setup();
    const country = screen.getByLabelText(/^Country/);
    await screen.findByRole('option', { name: 'Panaji' });
    await screen.findByRole('option', { name: 'Nepal (NP)' });

    await user.selectOptions(country, 'Nepal (NP)');
    expect(changes.at(-1)).toEqual({ countryId: nepal._id, stateId: '', placeId: '' });
    await waitFor(() => {
      expect(optionTexts(screen.getByLabelText(/^State/))).toEqual(['Select State', 'Bagmati']);
    });
    expect(screen.getByLabelText(/^State/)).toHaveValue('');
    expect(screen.getByLabelText(/^Place/)).toBeDisabled();

    await user.selectOptions(country, 'Select Country');
    expect(changes.at(-1)).toEqual(EMPTY_LOCATION);
    expect(screen.getByLabelText(/^State/)).toBeDisabled();
    expect(screen.getByLabelText(/^Place/)).toBeDisabled();
  });

  it('says so at the select when a list is refused, instead of showing it empty', async () => {
    const forbidden = 'You do not have permission to perform this action.';
    stubFetch((call) => {
      if (call.url === `${SERVICE}/get-all-active-country`) {
        return errorResponse(403, 'FORBIDDEN', forbidden);
      }
      return notFound();
    });
    renderFields();
    const country = screen.getByLabelText(/^Country/);
    await waitFor(() => {
      expect(country).toHaveAccessibleDescription(`Countries could not be loaded. ${forbidden}`);
    });
    expect(screen.getByText(`Countries could not be loaded. ${forbidden}`)).toBeVisible();
  });
});
