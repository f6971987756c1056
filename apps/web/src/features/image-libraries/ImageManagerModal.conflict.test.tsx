import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import {
  clickWhenEnabled,
  formEntries,
  okResponse,
  recordResponse,
  renderRoutes,
  stubObjectUrls,
  stubSignedIn,
  stubXhr,
} from '../../test/utils';
import { listAnswer, makeImage, makeLibrary } from './test-data';

const BASE = '/api/v1/admin/service/image-libraries';
const imageA = makeImage(1, { altText: 'Beach at dawn', order: 0 });
const imageB = makeImage(2, { altText: 'Fort wall', order: 1 });
const library = makeLibrary(1, { title: 'Goa', images: [imageA, imageB], version: 2 });
/** What the server holds after the other admin's save: B first, A renamed. */
const theirs = makeLibrary(1, {
  title: 'Goa',
  images: [
    { ...imageB, order: 0 },
    { ...imageA, altText: 'Sunrise on the beach', order: 1 },
  ],
  version: 3,
});

let stored = library;

const conflict = {
  status: 409,
  body: {
    status: 409,
    success: false,
    code: 'EDIT_CONFLICT',
    message: 'Someone else saved this record after you opened it.',
    data: {
      entity: 'image-library',
      entityId: library._id,
      currentVersion: 3,
      yourVersion: 2,
      current: {
        id: library._id,
        title: 'Goa',
        version: 3,
        images: [
          { _id: imageB._id, kind: 'image-library', altText: 'Fort wall' },
          { _id: imageA._id, kind: 'image-library', altText: 'Sunrise on the beach' },
        ],
      },
      changedBy: { _id: 'a2', name: 'Priya Shah' },
      changedAt: '2025-01-05T09:34:00.000Z',
      changedFields: ['images'],
    },
  },
};

beforeEach(() => {
  stubObjectUrls();
  stored = library;
  stubSignedIn({ permissions: ['image-libraries.view', 'image-libraries.update'] }, (call) => {
    if (call.url === BASE) return okResponse(listAnswer([library]));
    if (call.url === `${BASE}/${library._id}`) return recordResponse(stored);
    return undefined;
  });
});

const openManager = async () => {
  renderRoutes(routes, '/services/image-library');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Manage Images' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Images for "Goa"' });
  await within(dialog).findByRole('list', { name: 'Images' });
  return { user, dialog };
};

const altTexts = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByLabelText(/^Alt text/)
    .map((input) => (input as HTMLInputElement).value);

describe('ImageManagerModal: an edit conflict (issue 21)', { timeout: 30_000 }, () => {
  it('shows both orders with thumbnails; Keep mine saves them against their version', async () => {
    const xhrs = stubXhr(() =>
      xhrs.length === 1 ? conflict : { status: 200, body: { data: { data: theirs } } },
    );
    const { user, dialog } = await openManager();
    const [first] = within(dialog).getAllByLabelText(/^Alt text/);
    await user.clear(first as HTMLElement);
    await user.type(first as HTMLElement, 'Beach at dusk');
    await user.click(within(dialog).getByRole('button', { name: 'Save Images' }));

    const conflictDialog = await screen.findByRole('dialog', {
      name: 'Someone else saved this image library',
    });
    const row = within(conflictDialog).getByRole('group', {
      name: 'Images, their order and alt texts',
    });
    expect(within(row).getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      /1\. Fort wall\s*2\. Sunrise on the beach/,
    );
    expect(within(row).getByRole('radio', { name: /^Mine/ })).toHaveAccessibleName(
      /1\. Beach at dusk\s*2\. Fort wall/,
    );
    expect(row.querySelectorAll('img[data-thumbnail="image"]')).toHaveLength(4);
    expect(within(row).getByRole('radio', { name: /^Mine/ })).toBeChecked();

    await user.click(within(conflictDialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => {
      expect(xhrs).toHaveLength(2);
    });
    expect(xhrs.map((xhr) => xhr.headers['if-match'])).toEqual(['"2"', '"3"']);
    expect(formEntries(xhrs[1]?.body as FormData)).toEqual(formEntries(xhrs[0]?.body as FormData));
    expect(await screen.findByText('Images updated successfully!')).toBeInTheDocument();
  });

  it('Take theirs reloads the editor with their images and saves nothing', async () => {
    const xhrs = stubXhr(() => {
      // The other admin's save is what the server holds when it refuses ours.
      stored = theirs;
      return conflict;
    });
    const { user, dialog } = await openManager();
    await user.click(within(dialog).getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    // Issue 24: a saved image's Remove asks first, once "where used" is read.
    const question = await screen.findByRole('alertdialog', { name: 'Remove Image' });
    await clickWhenEnabled(user, within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save Images' }));
    const conflictDialog = await screen.findByRole('dialog', {
      name: 'Someone else saved this image library',
    });
    await user.click(within(conflictDialog).getByRole('button', { name: 'Take theirs' }));

    await waitFor(() => {
      expect(altTexts(dialog)).toEqual(['Fort wall', 'Sunrise on the beach']);
    });
    expect(xhrs).toHaveLength(1);
  });
});
