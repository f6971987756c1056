import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, PLACE_DETAILS_MESSAGES } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { stubLayoutForEditor } from '../../test/layout';
import {
  errorEnvelope,
  formEntries,
  idempotencyKeysOf,
  jsonResponse,
  networkDown,
  okEnvelope,
  stubFetch,
  type RecordedCall,
} from '../../test/utils';
import { makeCountry, makePlace, makeState } from '../geography/test-data';
import { PlaceDetailsFormModal } from './PlaceDetailsFormModal';
import { makePlaceDetails } from './test-data';

const india = makeCountry(1, { _id: 'c1', name: 'India', shortName: 'IN' });
const goa = makeState(1, india, { _id: 's1', name: 'Goa' });
const panaji = makePlace(1, goa, { _id: 'p1', name: 'Panaji' });

const stubServer = (save: (call: RecordedCall) => Response) =>
  stubFetch((call) => {
    switch (call.url) {
      case API_PATHS.service.activeCountries:
        return jsonResponse(okEnvelope({ countries: [india] }));
      case API_PATHS.service.activeStates:
        return jsonResponse(okEnvelope({ states: [goa] }));
      case API_PATHS.service.activePlaces:
        return jsonResponse(okEnvelope({ places: [panaji] }));
      case API_PATHS.service.addPlaceDetails:
      case API_PATHS.service.updatePlaceDetails:
        return save(call);
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

const saved = () =>
  jsonResponse(okEnvelope({ data: makePlaceDetails() }, 201, PLACE_DETAILS_MESSAGES.added), 201);

const renderForm = (record = null as ReturnType<typeof makePlaceDetails> | null) => {
  const onClose = vi.fn();
  render(
    <Providers store={makeStore()}>
      <PlaceDetailsFormModal record={record} onClose={onClose} />
    </Providers>,
  );
  return { onClose, user: userEvent.setup(), dialog: within(screen.getByRole('dialog')) };
};

const chooseLocation = async (
  dialog: ReturnType<typeof within>,
  user: ReturnType<typeof userEvent.setup>,
) => {
  await dialog.findByRole('option', { name: 'India (IN)' });
  await user.selectOptions(dialog.getByLabelText('Country *'), 'c1');
  await dialog.findByRole('option', { name: 'Goa' });
  await user.selectOptions(dialog.getByLabelText('State *'), 's1');
  await dialog.findByRole('option', { name: 'Panaji' });
  await user.selectOptions(dialog.getByLabelText('Place *'), 'p1');
};

const save = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Save Place Details' });

beforeAll(stubLayoutForEditor);

describe('PlaceDetailsFormModal', () => {
  it('checks the required fields and half-filled groups before sending anything', async () => {
    const calls = stubServer(saved);
    const { user, dialog } = renderForm();
    await user.type(dialog.getByLabelText('Minimum (°C)'), '20');
    await user.selectOptions(dialog.getByLabelText('From'), 'NOV');
    await user.click(save(dialog));
    expect(await dialog.findByText('Country is required')).toBeInTheDocument();
    expect(dialog.getByText('State is required')).toBeInTheDocument();
    expect(dialog.getByText('Place is required')).toBeInTheDocument();
    expect(dialog.getByText('Month is required')).toBeInTheDocument();
    expect(dialog.getByText('Enter both the minimum and the maximum')).toBeInTheDocument();
    expect(dialog.getByText('Choose both the first and the last month')).toBeInTheDocument();
    expect(idempotencyKeysOf(calls, API_PATHS.service.addPlaceDetails)).toHaveLength(0);
  });

  it('adds with the spec §5 body; a retry after a failure sends the same Idempotency-Key', async () => {
    let answers = 0;
    const calls = stubServer(() => {
      answers += 1;
      return answers === 1 ? networkDown() : saved();
    });
    const { user, dialog, onClose } = renderForm();
    await chooseLocation(dialog, user);
    await user.selectOptions(dialog.getByLabelText('Month *'), 'MAR');
    await user.type(dialog.getByLabelText('Minimum (°C)'), '22');
    await user.type(dialog.getByLabelText('Maximum (°C)'), '33');
    await user.click(save(dialog));
    await waitFor(() => {
      expect(idempotencyKeysOf(calls, API_PATHS.service.addPlaceDetails)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(save(dialog)).toBeEnabled();
    });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(save(dialog));
    expect(await screen.findByText(PLACE_DETAILS_MESSAGES.added)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);

    const keys = idempotencyKeysOf(calls, API_PATHS.service.addPlaceDetails);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const add = calls.filter((call) => call.url === API_PATHS.service.addPlaceDetails)[1];
    expect(formEntries(add?.body)).toEqual([
      ['countryId', 'c1'],
      ['stateId', 's1'],
      ['placeId', 'p1'],
      ['month', 'MAR'],
      ['description', ''],
      ['temperature', '{"min":22,"max":33}'],
      ['status', 'active'],
    ]);
  });

  it('updates per spec §5 without a key, and puts 400 details on their fields', async () => {
    let answers = 0;
    const calls = stubServer(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse(
            errorEnvelope(400, 'VALIDATION_ERROR', 'Some fields are invalid', [
              { path: 'temperature.min', message: 'Minimum is too low' },
              { path: 'month', message: 'Month is taken' },
            ]),
          )
        : jsonResponse(okEnvelope({ data: makePlaceDetails() }, 200, 'Saved'));
    });
    const { user, dialog, onClose } = renderForm(makePlaceDetails());
    expect(dialog.getByLabelText('Minimum (°C)')).toHaveValue(22);
    await user.click(save(dialog));
    expect(await dialog.findByText('Minimum is too low')).toBeInTheDocument();
    expect(dialog.getByText('Month is taken')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(save(dialog));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(idempotencyKeysOf(calls, API_PATHS.service.updatePlaceDetails, 'PATCH')).toEqual([
      null,
      null,
    ]);
    const update = calls.find((call) => call.url === API_PATHS.service.updatePlaceDetails);
    expect(formEntries(update?.body)).toEqual([
      ['id', 'pd-1'],
      ['month', 'MAR'],
      ['description', '<p>Warm</p>'],
      ['imageLibraryId', ''],
      ['temperature', '{"min":22,"max":33}'],
      ['status', 'active'],
    ]);
  });
});
