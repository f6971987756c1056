import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API_PATHS, makePagination, type PermissionKey } from '@safarnama/contract';
import type { MapViewProps } from '../../components/map/MapView';
import { renderApp } from '../../test/app';
import {
  errorResponse,
  formEntries,
  okResponse,
  recordResponse,
  stubSignedIn,
  type RecordedCall,
} from '../../test/utils';
import { makeCountry, makePlace, makeState } from './test-data';

// Issue 22: the place form's Latitude / Longitude, its map and what they send. jsdom cannot draw
// Leaflet, so the lazy map module is replaced by a stand-in with the same props: it shows its
// markers and clicks or drops them where a test says.
const mapProps: MapViewProps[] = [];
vi.mock('../../components/map/MapView', () => ({
  MapView: (props: MapViewProps) => {
    mapProps.push(props);
    return (
      <div role="region" aria-label={props.label}>
        {props.markers.map((marker) => (
          <span key={marker.key} className="route-marker">
            {marker.title}
          </span>
        ))}
        <button
          type="button"
          onClick={() => props.onMapClick?.({ latitude: 15.335, longitude: 76.46 })}
        >
          Click the map
        </button>
        <button
          type="button"
          onClick={() => props.onMarkerDrag?.('place', { latitude: 15.4, longitude: 76.5 })}
        >
          Drop the marker
        </button>
      </div>
    );
  },
}));

const SERVICE = '/api/v1/admin/service';
const ALL: PermissionKey[] = ['geography.view', 'geography.create', 'geography.update'];
const india = makeCountry(1, { name: 'India', shortName: 'IN' });
const karnataka = makeState(1, india, { name: 'Karnataka' });
const hampi = makePlace(1, karnataka, { name: 'Hampi', latitude: 15.335, longitude: 76.46 });
const mysuru = makePlace(2, karnataka, { name: 'Mysuru', latitude: null, longitude: null });
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

let calls: RecordedCall[];
let answerSave: (call: RecordedCall) => Response | undefined;

beforeEach(() => {
  mapProps.length = 0;
  answerSave = () => undefined;
  calls = stubSignedIn({ permissions: ALL }, (call) => {
    const custom = answerSave(call);
    if (custom) return custom;
    if (call.url === API_PATHS.common.clientConfig) return okResponse({ mapTileUrl: TILES });
    if (call.url === `${SERVICE}/get-all-places`) {
      return okResponse({ places: [hampi, mysuru], pagination: makePagination(2, 1, 10) });
    }
    if (call.url === `${SERVICE}/get-all-active-country`) return okResponse({ countries: [india] });
    if (call.url === `${SERVICE}/get-all-active-state`) {
      return okResponse({ states: [karnataka] });
    }
    if (call.url === `${SERVICE}/add-new-place`) return recordResponse(hampi, 201);
    if (call.url === `${SERVICE}/update-place`) return recordResponse(hampi);
    return undefined;
  });
});

const openForm = async (button: string, title: string) => {
  const { user } = renderApp('/services/addPlaces');
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { user, dialog };
};

/** Fills the name and the country → state cascade of an add. */
const fillPlace = async ({ user, dialog }: Awaited<ReturnType<typeof openForm>>) => {
  await user.type(within(dialog).getByLabelText('Name *'), 'Hampi');
  await within(dialog).findByRole('option', { name: 'India (IN)' });
  await user.selectOptions(within(dialog).getByLabelText('Country *'), india._id);
  await within(dialog).findByRole('option', { name: 'Karnataka' });
  await user.selectOptions(within(dialog).getByLabelText('State *'), karnataka._id);
};

const sent = async (path: string) => {
  await waitFor(() => {
    expect(calls.some((call) => call.url === `${SERVICE}/${path}`)).toBe(true);
  });
  return formEntries(calls.find((call) => call.url === `${SERVICE}/${path}`)?.body);
};

const coordinatesIn = (entries: [string, string][]) =>
  entries.filter(([name]) => name === 'latitude' || name === 'longitude');

describe('the place form: location', () => {
  it('a click on the map fills Latitude and Longitude, and the add sends both', async () => {
    const form = await openForm('Add Place', 'Add Place');
    const { user, dialog } = form;
    await fillPlace(form);
    const map = await within(dialog).findByRole('region', { name: 'Place location map' });
    expect(within(map).queryAllByText(/Hampi/)).toHaveLength(0);
    await user.click(within(map).getByRole('button', { name: 'Click the map' }));
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('15.335');
    expect(within(dialog).getByLabelText('Longitude')).toHaveValue('76.46');
    // The marker is drawn where the inputs say, named after the place.
    expect(within(map).getByText('Hampi: 15.335, 76.46')).toHaveClass('route-marker');
    // The tiles come from the server's setting.
    await waitFor(() => {
      expect(mapProps.at(-1)?.tileUrl).toBe(TILES);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    expect(coordinatesIn(await sent('add-new-place'))).toEqual([
      ['latitude', '15.335'],
      ['longitude', '76.46'],
    ]);
  });

  it('an add without a location sends no coordinates', async () => {
    const form = await openForm('Add Place', 'Add Place');
    await fillPlace(form);
    await form.user.click(within(form.dialog).getByRole('button', { name: 'Save Place' }));
    expect(coordinatesIn(await sent('add-new-place'))).toEqual([]);
  });

  it('checks the pair and the ranges with the contract before sending', async () => {
    const form = await openForm('Add Place', 'Add Place');
    const { user, dialog } = form;
    await fillPlace(form);
    const latitude = within(dialog).getByLabelText('Latitude');
    const longitude = within(dialog).getByLabelText('Longitude');
    await user.type(latitude, '12.9');
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    await waitFor(() => {
      expect(longitude).toHaveAccessibleDescription('Longitude is required when latitude is given');
    });
    await user.clear(latitude);
    await user.type(latitude, '95');
    await user.type(longitude, '77');
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    await waitFor(() => {
      expect(latitude).toHaveAccessibleDescription('Latitude must be between -90 and 90');
    });
    expect(latitude).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.url.endsWith('/add-new-place'))).toBe(false);
  });

  it("puts the server's 400 details on the inputs", async () => {
    answerSave = (call) =>
      call.url === `${SERVICE}/add-new-place`
        ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
            { path: 'longitude', message: 'Longitude must be between -180 and 180' },
          ])
        : undefined;
    const form = await openForm('Add Place', 'Add Place');
    const { user, dialog } = form;
    await fillPlace(form);
    await user.type(within(dialog).getByLabelText('Latitude'), '10');
    await user.type(within(dialog).getByLabelText('Longitude'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    const longitude = within(dialog).getByLabelText('Longitude');
    await waitFor(() => {
      expect(longitude).toHaveAccessibleDescription('Longitude must be between -180 and 180');
    });
    expect(within(dialog).getByLabelText('Latitude')).not.toHaveAttribute('aria-invalid');
  });

  it('edit: shows the saved location, sends nothing for it when it did not change', async () => {
    const { user, dialog } = await openForm('Edit Hampi', 'Edit Place');
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('15.335');
    expect(within(dialog).getByLabelText('Longitude')).toHaveValue('76.46');
    const description = within(dialog).getByLabelText('Short Description');
    await user.type(description, 'Ruins');
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    expect(await sent('update-place')).toEqual([
      ['id', hampi._id],
      ['shortDescription', 'Ruins'],
    ]);
  });

  it('edit: a dropped marker sends both coordinates, even when only one moved', async () => {
    const { user, dialog } = await openForm('Edit Hampi', 'Edit Place');
    const map = await within(dialog).findByRole('region', { name: 'Place location map' });
    await user.click(within(map).getByRole('button', { name: 'Drop the marker' }));
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('15.4');
    const latitude = within(dialog).getByLabelText('Latitude');
    await user.clear(latitude);
    await user.type(latitude, '15.335');
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    expect(coordinatesIn(await sent('update-place'))).toEqual([
      ['latitude', '15.335'],
      ['longitude', '76.5'],
    ]);
  });

  it("edit: 'Clear location' empties both and the update clears them ('')", async () => {
    const { user, dialog } = await openForm('Edit Hampi', 'Edit Place');
    await user.click(within(dialog).getByRole('button', { name: 'Clear location' }));
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('');
    expect(within(dialog).getByLabelText('Longitude')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Clear location' })).toBeDisabled();
    const map = await within(dialog).findByRole('region', { name: 'Place location map' });
    expect(map.querySelectorAll('.route-marker')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save Place' }));
    expect(await sent('update-place')).toEqual([
      ['id', hampi._id],
      ['latitude', ''],
      ['longitude', ''],
    ]);
  });

  it('a place saved without a location opens with empty inputs and no marker', async () => {
    const { dialog } = await openForm('Edit Mysuru', 'Edit Place');
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('');
    const map = await within(dialog).findByRole('region', { name: 'Place location map' });
    expect(map.querySelectorAll('.route-marker')).toHaveLength(0);
    expect(mapProps.at(-1)?.markers).toEqual([]);
  });
});
