import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  PLACE_DETAILS_MESSAGES,
  makePagination,
  type PermissionKey,
} from '@safarnama/contract';
import { openPage } from '../../test/app';
import { okResponse, stubSignedIn } from '../../test/utils';
import { makePlaceDetails } from './test-data';

const S = API_PATHS.service;
const march = makePlaceDetails();
const june = makePlaceDetails({ _id: 'pd-2', id: 'pd-2', month: 'JUN' });

const stubServer = (permissions: PermissionKey[]) => {
  let deleted = false;
  return stubSignedIn({ permissions }, (call) => {
    if (call.url === S.listPlaceDetails) {
      const rows = deleted ? [june] : [march, june];
      return okResponse({ placeDetails: rows, pagination: makePagination(rows.length, 1, 10) });
    }
    if (call.method === 'DELETE' && call.url === S.deletePlaceDetails(march._id)) {
      deleted = true;
      return okResponse({ _id: march._id, id: march._id }, 200, PLACE_DETAILS_MESSAGES.deleted);
    }
    return undefined;
  });
};

describe('deleting place details (issue 20)', () => {
  it('shows Delete only with place-details.delete', async () => {
    stubServer(['place-details.view', 'place-details.update']);
    await openPage('/services/addPlaceDetails', 'Place Details');
    expect(await screen.findByRole('button', { name: 'Edit Panaji (March)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('confirms "Delete Panaji (March)?", deletes, toasts and reloads', async () => {
    const calls = stubServer(['place-details.view', 'place-details.delete']);
    const { user } = await openPage('/services/addPlaceDetails', 'Place Details');
    await user.click(await screen.findByRole('button', { name: 'Delete Panaji (March)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Place details' });
    expect(within(confirm).getByText('Delete Panaji (March)?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PLACE_DETAILS_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => {
      expect(
        screen.queryByRole('button', { name: 'Delete Panaji (March)' }),
      ).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Delete Panaji (June)' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === S.listPlaceDetails).length).toBe(2);
  });
});
