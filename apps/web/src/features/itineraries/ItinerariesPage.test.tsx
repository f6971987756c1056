import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API_PATHS, makePagination, type PermissionKey } from '@safarnama/contract';
import { openPage } from '../../test/app';
import {
  clickWhenEnabled,
  jsonResponse,
  okEnvelope,
  stubXhr,
  type RecordedCall,
  stubSignedIn,
  stubObjectUrls,
  okResponse,
  errorResponse,
} from '../../test/utils';
import { makeImage } from '../image-libraries/test-data';
import { itineraryListUrl } from './itineraries.api';
import { formatLocation, formatPrice } from './format';
import { listAnswer, makeItinerary } from './test-data';

const ALL: PermissionKey[] = [
  'itineraries.view',
  'itineraries.create',
  'itineraries.update',
  'itineraries.delete',
];

const goa = makeItinerary(1, {
  title: 'Goa Beach Escape',
  pricePerPerson: 125_000,
  gallery: [makeImage(1, { altText: 'Sunset at Baga' })],
});
const ladakh = makeItinerary(2, {
  title: 'Ladakh Ride',
  type: 'Adventure',
  pricePerPerson: 48_500,
  isActive: false,
  countryId: { _id: 'c1', name: 'India', shortName: 'IN' },
  stateId: { _id: 's9', name: 'Ladakh' },
  placeId: { _id: 'p9', name: 'Leh' },
});

interface ServerOptions {
  list?: (call: RecordedCall) => Response;
  other?: (call: RecordedCall) => Response | undefined;
  permissions?: PermissionKey[];
}

const stubServer = ({ list, other, permissions = ALL }: ServerOptions = {}) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === API_PATHS.service.listItineraries) {
      return list ? list(call) : okResponse(listAnswer([goa, ladakh]));
    }
    return other?.(call);
  });

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === API_PATHS.service.listItineraries);

const open = () => openPage('/services/itineraries', { name: 'Itinerary Management', level: 1 });

const rowOf = async (title: string) => {
  const cell = await screen.findByText(title);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

beforeEach(() => {
  stubObjectUrls();
});

describe('formatting', () => {
  it('prices read ₹ with the en-IN grouping; location reads place, state, country', () => {
    expect(formatPrice(125_000)).toBe('₹1,25,000');
    expect(formatPrice(0)).toBe('₹0');
    expect(formatPrice(12_345_678)).toBe('₹1,23,45,678');
    expect(formatLocation(ladakh)).toBe('Leh, Ladakh, India');
  });

  it('the list URL encodes the search with encodeURIComponent and adds placeId when given', () => {
    expect(itineraryListUrl({ page: 1, limit: 10, search: ' goa beach & sun ' })).toBe(
      `${API_PATHS.service.listItineraries}?page=1&limit=10&search=goa%20beach%20%26%20sun`,
    );
    expect(itineraryListUrl({ page: 2, limit: 10, search: '', placeId: 'p 1' })).toBe(
      `${API_PATHS.service.listItineraries}?page=2&limit=10&search=&placeId=p%201`,
    );
  });
});

describe('ItinerariesPage', { timeout: 20_000 }, () => {
  it('shows the table with the spec columns and formats each row', async () => {
    const calls = stubServer();
    await open();
    expect(screen.getByRole('button', { name: 'Add New Itinerary' })).toBeInTheDocument();
    expect(
      screen.getByPlaceholderText('Search by title, description, or type...'),
    ).toBeInTheDocument();
    const row = await rowOf('Goa Beach Escape');
    // Issue 24: the first column holds the row checkboxes, its heading the select-all one.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '',
      'Title',
      'Duration',
      'Type',
      'Location',
      'Price',
      'Status',
      'Gallery',
      'Actions',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual([
      'Goa Beach Escape',
      '5 Days / 4 Nights',
      'Beach',
      'Panaji, Goa, India',
      '₹1,25,000',
    ]);
    expect(within(row).getByRole('button', { name: /^Active/ })).toHaveTextContent('Active');
    expect(within(row).getByRole('button', { name: 'Manage Gallery (1)' })).toBeInTheDocument();
    const other = await rowOf('Ladakh Ride');
    expect(within(other).getByText('₹48,500')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: /^Inactive/ })).toHaveTextContent('Inactive');
    // Page 1, 10 per page, empty search.
    const first = listCalls(calls)[0];
    expect(first?.search.get('page')).toBe('1');
    expect(first?.search.get('limit')).toBe('10');
    expect(first?.search.get('search')).toBe('');
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows Previous / pages / Next with more than one page; a search goes back to page 1', async () => {
    const calls = stubServer({
      list: (call) => {
        const page = Number(call.search.get('page'));
        return okResponse(
          listAnswer(
            [page === 2 ? ladakh : goa],
            makePagination(call.search.get('search') ? 1 : 25, page, 10),
          ),
        );
      },
    });
    const { user } = await open();
    await rowOf('Goa Beach Escape');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await rowOf('Ladakh Ride');
    expect(listCalls(calls).at(-1)?.search.get('page')).toBe('2');

    await user.type(
      screen.getByPlaceholderText('Search by title, description, or type...'),
      'goa beach',
    );
    await waitFor(
      () => {
        expect(listCalls(calls).at(-1)?.search.get('search')).toBe('goa beach');
      },
      { timeout: 2000 },
    );
    expect(listCalls(calls).at(-1)?.search.get('page')).toBe('1');
    // Only the settled text was asked for (500 ms debounce).
    expect(listCalls(calls).filter((call) => call.search.get('search') === 'goa')).toHaveLength(0);
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    });
  });

  it('shows the list error in a red banner', async () => {
    stubServer({
      list: () => errorResponse(403, 'FORBIDDEN', 'You do not have permission'),
    });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission');
  });

  it('the status pill toggles and the list reloads', async () => {
    let active = true;
    const calls = stubServer({
      list: () => okResponse(listAnswer([{ ...goa, isActive: active }])),
      other: (call) => {
        if (call.method === 'PATCH' && call.url === API_PATHS.service.toggleItinerary(goa._id)) {
          active = !active;
          return okResponse({ data: { ...goa, isActive: active } });
        }
        return undefined;
      },
    });
    const { user } = await open();
    const row = await rowOf('Goa Beach Escape');
    const before = listCalls(calls).length;
    await user.click(within(row).getByRole('button', { name: /^Active/ }));
    expect(await within(row).findByRole('button', { name: /^Inactive/ })).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThan(before);
    const toggle = calls.find((call) => call.method === 'PATCH');
    expect(toggle?.body).toBeUndefined();
  });

  it('asks before deleting; the row goes after a confirmed delete', async () => {
    let deleted = false;
    const calls = stubServer({
      list: () => okResponse(listAnswer(deleted ? [ladakh] : [goa, ladakh])),
      other: (call) => {
        if (call.method === 'DELETE' && call.url === API_PATHS.service.deleteItinerary(goa._id)) {
          deleted = true;
          return okResponse({ _id: goa._id, id: goa._id });
        }
        return undefined;
      },
    });
    const { user } = await open();
    const row = await rowOf('Goa Beach Escape');
    await user.click(within(row).getByRole('button', { name: 'Delete Goa Beach Escape' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this itinerary?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Delete Goa Beach Escape' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(screen.queryByText('Goa Beach Escape')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Ladakh Ride')).toBeInTheDocument();
  });

  it('with itineraries.view only: no add, edit, delete or switch; the gallery is read-only', async () => {
    stubServer({ permissions: ['itineraries.view'] });
    const { user } = await open();
    const row = within(await rowOf('Goa Beach Escape'));
    expect(screen.queryByRole('button', { name: 'Add New Itinerary' })).not.toBeInTheDocument();
    expect(
      row.queryByRole('button', { name: /^(Edit|Delete|Duplicate) / }),
    ).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /deactivate/ })).not.toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Manage Gallery (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sunset at Baga')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Remove image/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Upload Images' })).not.toBeInTheDocument();
  });

  it('Duplicate posts to the clone path, says so, and the list reloads with the copy', async () => {
    let copied = false;
    const copy = makeItinerary(3, { title: 'Copy of Goa Beach Escape', isActive: false });
    const calls = stubServer({
      list: () => okResponse(listAnswer(copied ? [copy, goa, ladakh] : [goa, ladakh])),
      other: (call) => {
        if (call.method === 'POST' && call.url === API_PATHS.itineraryTools.clone(goa._id)) {
          copied = true;
          return jsonResponse(okEnvelope({ data: copy }, 201, 'Itinerary duplicated'), 201);
        }
        return undefined;
      },
    });
    const { user } = await open();
    const row = await rowOf('Goa Beach Escape');
    const before = listCalls(calls).length;
    // Beside Edit.
    expect(
      within(row)
        .getAllByRole('button', { name: /^(Edit|Duplicate|Delete) / })
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Duplicate', 'Delete']);
    await user.click(within(row).getByRole('button', { name: 'Duplicate Goa Beach Escape' }));
    expect(await screen.findByText('Itinerary duplicated')).toBeInTheDocument();
    expect(await screen.findByText('Copy of Goa Beach Escape')).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThan(before);
    const clone = calls.find((call) => call.method === 'POST');
    expect(clone?.url).toBe(API_PATHS.itineraryTools.clone(goa._id));
  });

  it("a failed Duplicate shows the server's message", async () => {
    stubServer({
      other: (call) =>
        call.method === 'POST'
          ? errorResponse(409, 'CONFLICT', 'A copy of this itinerary is being made')
          : undefined,
    });
    const { user } = await open();
    const row = await rowOf('Ladakh Ride');
    await user.click(within(row).getByRole('button', { name: 'Duplicate Ladakh Ride' }));
    expect(await screen.findByText('A copy of this itinerary is being made')).toBeInTheDocument();
  });

  it("under the price, 'from ₹x' only when the lowest customer price differs", async () => {
    stubServer({
      list: () =>
        okResponse(
          listAnswer([
            { ...goa, fromPrice: 98_000 },
            { ...ladakh, fromPrice: ladakh.pricePerPerson },
          ]),
        ),
    });
    await open();
    const row = await rowOf('Goa Beach Escape');
    // The spec's text stays first: the rupee sign and the localized number.
    const price = within(row).getAllByRole('cell')[5];
    expect(price?.firstChild?.textContent).toBe('₹1,25,000');
    expect(within(row).getByText('from ₹98,000')).toBeInTheDocument();
    expect(within(await rowOf('Ladakh Ride')).queryByText(/^from /)).toBeNull();
  });

  it('with create but not delete: add and edit show, delete does not', async () => {
    stubServer({ permissions: ['itineraries.view', 'itineraries.create', 'itineraries.update'] });
    await open();
    const row = within(await rowOf('Goa Beach Escape'));
    expect(screen.getByRole('button', { name: 'Add New Itinerary' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Edit Goa Beach Escape' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Delete Goa Beach Escape' })).not.toBeInTheDocument();
  });

  it('opens the gallery: images with read-only alt text, upload and remove', async () => {
    let gallery = goa.gallery;
    const calls = stubServer({
      list: () => okResponse(listAnswer([{ ...goa, gallery }])),
      other: (call) => {
        if (
          call.method === 'DELETE' &&
          call.url === API_PATHS.service.itineraryGalleryImage(goa._id, goa.gallery[0]?._id ?? '')
        ) {
          gallery = [];
          return okResponse({ data: { ...goa, gallery } });
        }
        return undefined;
      },
    });
    const xhrs = stubXhr(() => {
      gallery = [...gallery, makeImage(2, { altText: 'Fort Aguada' })];
      return { status: 200, body: okEnvelope({ data: { ...goa, gallery } }) };
    });
    const { user } = await open();
    const row = await rowOf('Goa Beach Escape');
    await user.click(within(row).getByRole('button', { name: 'Manage Gallery (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gallery - Goa Beach Escape' });
    expect(within(dialog).getByText('Sunset at Baga')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Add New Images' })).toBeInTheDocument();

    const file = new File([new Uint8Array(500)], 'fort.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText(/choose image files/i), file);
    await user.type(within(dialog).getByLabelText('Alt text for fort.jpg'), 'Fort Aguada');
    expect(within(dialog).getByText('ALT text helps with SEO and screen readers')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('Gallery updated successfully')).toBeInTheDocument();
    expect(xhrs[0]?.method).toBe('PATCH');
    expect(xhrs[0]?.url).toBe(API_PATHS.service.itineraryGallery(goa._id));
    expect(await within(dialog).findByText('Fort Aguada')).toBeInTheDocument();
    expect(await within(row).findByText('Manage Gallery (2)')).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Remove image 1: Sunset at Baga' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Are you sure you want to remove this image?'),
    ).toBeInTheDocument();
    await clickWhenEnabled(user, within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Image removed successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
