import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAVED_CHANGES_TEXTS as UNSAVED, type PermissionKey } from '@safarnama/contract';
import { routes } from '../../app/router';
import {
  errorEnvelope,
  formEntries,
  renderRoutes,
  stubXhr,
  type RecordedXhr,
  okRecord,
  stubSignedIn,
  stubObjectUrls,
  okResponse,
  recordResponse,
} from '../../test/utils';
import { listAnswer, makeImage, makeLibrary } from './test-data';

const BASE = '/api/v1/admin/service/image-libraries';

const imageA = makeImage(1, { altText: 'Beach at dawn', order: 0 });
const imageB = makeImage(2, { altText: 'Fort wall', order: 1 });
const library = makeLibrary(1, { title: 'Goa', images: [imageB, imageA] });

let objectUrls: ReturnType<typeof stubObjectUrls>;

const USAGE = (id: string) => `/api/v1/admin/media/${id}/usage`;
const unused = { usage: { count: 0, items: [] } };

const stubLibrary = (
  permissions: PermissionKey[] = ['image-libraries.view', 'image-libraries.update'],
  usage: (id: string) => unknown = () => unused,
) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === BASE) return okResponse(listAnswer([library]));
    if (call.url === `${BASE}/${library._id}`) return recordResponse(library);
    for (const image of library.images) {
      if (call.url === USAGE(image._id)) return okResponse(usage(image._id));
    }
    return undefined;
  });

beforeEach(() => {
  objectUrls = stubObjectUrls();
  stubLibrary();
});

/** Issue 24: a saved image's Remove asks first, once "where used" is read. */
const confirmRemoval = async (user: ReturnType<typeof userEvent.setup>, expected: string) => {
  const question = await screen.findByRole('alertdialog', { name: 'Remove Image' });
  expect(await within(question).findByText(expected)).toBeInTheDocument();
  await user.click(within(question).getByRole('button', { name: 'Remove' }));
  await waitFor(() => {
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
};

const png = (name: string, bytes = 2048, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const openManager = async (options: { applyAccept?: boolean } = {}) => {
  renderRoutes(routes, '/services/image-library');
  const user = userEvent.setup({ applyAccept: options.applyAccept ?? true });
  await user.click(await screen.findByRole('button', { name: 'Manage Images' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Images for "Goa"' });
  await within(dialog).findByRole('list', { name: 'Images' });
  return { user, dialog };
};

const cards = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Images' })).getAllByRole('listitem');

const altTexts = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByLabelText(/^Alt text/)
    .map((input) => (input as HTMLInputElement).value);

describe('ImageManagerModal', () => {
  it('shows the kept images in their order, each with alt text, Remove and the hint', async () => {
    const { dialog } = await openManager();
    expect(altTexts(dialog)).toEqual(['Beach at dawn', 'Fort wall']);
    expect(cards(dialog)).toHaveLength(2);
    for (const card of cards(dialog)) {
      expect(within(card).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
      expect(within(card).getByLabelText(/^Alt text/)).toHaveAttribute('maxLength', '100');
      expect(within(card).getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/-320\.webp$/),
      );
    }
    expect(
      within(dialog).getByText(/ALT text helps with SEO and screen readers/),
    ).toBeInTheDocument();
  });

  it('sends kept ids, alt texts, new files and the visual order with new:<k>', async () => {
    let answer: (() => void) | null = null;
    const xhrs: RecordedXhr[] = stubXhr(
      () =>
        new Promise((resolve) => {
          answer = () => {
            resolve({ status: 200, body: okRecord(library) });
          };
        }),
    );
    const { user, dialog } = await openManager();
    await user.upload(within(dialog).getByLabelText('Choose image files'), [
      png('sunset.png'),
      png('market.jpg', 4096, 'image/jpeg'),
    ]);
    expect(cards(dialog)).toHaveLength(4);
    const inputs = within(dialog).getAllByLabelText(/^Alt text/);
    await user.type(inputs[2] as HTMLElement, 'Sunset over the sea');
    await user.type(inputs[3] as HTMLElement, 'Spice market');
    await user.clear(inputs[0] as HTMLElement);
    await user.type(inputs[0] as HTMLElement, 'Dawn');
    // Remove 'Fort wall', then bring 'Spice market' to the front.
    await user.click(
      within(cards(dialog)[1] as HTMLElement).getByRole('button', { name: 'Remove' }),
    );
    await confirmRemoval(user, 'Not used anywhere else.');
    await user.click(
      within(cards(dialog)[2] as HTMLElement).getByRole('button', { name: 'Move left' }),
    );
    await user.click(
      within(cards(dialog)[1] as HTMLElement).getByRole('button', { name: 'Move left' }),
    );
    expect(altTexts(dialog)).toEqual(['Spice market', 'Dawn', 'Sunset over the sea']);

    await user.click(within(dialog).getByRole('button', { name: 'Save Images' }));
    // Busy while the upload runs: a progress bar and 'Saving...'.
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Upload progress' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();

    expect(xhrs).toHaveLength(1);
    const [xhr] = xhrs;
    expect(xhr?.method).toBe('PUT');
    expect(xhr?.url).toBe(`${BASE}/${library._id}/images`);
    expect(xhr?.headers['x-requested-with']).toBe('safarnama-admin');
    expect(xhr?.headers['content-type']).toBeUndefined();
    expect(formEntries(xhr?.body)).toEqual([
      ['altTexts[0]', 'Spice market'],
      ['existingImages[0]', imageA._id],
      ['existingAltTexts[0]', 'Dawn'],
      ['altTexts[1]', 'Sunset over the sea'],
      ['imageOrder[0]', 'new:0'],
      ['imageOrder[1]', imageA._id],
      ['imageOrder[2]', 'new:1'],
      ['images', 'file:market.jpg'],
      ['images', 'file:sunset.png'],
    ]);

    (answer as (() => void) | null)?.();
    expect(await screen.findByText('Images updated successfully!')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    // Both previews were object URLs, given back when the manager closed.
    expect(objectUrls.created.sort()).toEqual(['blob:test/market.jpg', 'blob:test/sunset.png']);
    expect(objectUrls.revoked.sort()).toEqual(objectUrls.created);
  });

  it('gives back the preview of a removed new file at once', async () => {
    const { user, dialog } = await openManager();
    await user.upload(within(dialog).getByLabelText('Choose image files'), [png('a.png')]);
    await user.click(
      within(cards(dialog)[2] as HTMLElement).getByRole('button', { name: 'Remove' }),
    );
    expect(objectUrls.revoked).toEqual(['blob:test/a.png']);
  });

  it('explains each refused file', async () => {
    const { user, dialog } = await openManager({ applyAccept: false });
    await user.upload(within(dialog).getByLabelText('Choose image files'), [
      new File(['hello'.repeat(40)], 'notes.txt', { type: 'text/plain' }),
      png('huge.png', 10 * 1024 * 1024 + 1),
      png('tiny.png', 10),
      png('fine.png'),
    ]);
    const alert = within(dialog).getByRole('alert');
    expect(
      within(alert).getByText('notes.txt: File type must be JPEG, PNG or GIF'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('huge.png: File is larger than 10 MB')).toBeInTheDocument();
    expect(within(alert).getByText('tiny.png: File is too small')).toBeInTheDocument();
    expect(cards(dialog)).toHaveLength(3);

    const many = Array.from({ length: 21 }, (_, n) => png(`p${n}.png`));
    await user.upload(within(dialog).getByLabelText('Choose image files'), many);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Too many files$/);
    expect(cards(dialog)).toHaveLength(3);
  });

  it('on a refusal shows the server message in the form and a toast, and is usable again', async () => {
    stubXhr(() => ({
      status: 413,
      body: errorEnvelope(413, 'PAYLOAD_TOO_LARGE', 'File is larger than 10 MB'),
    }));
    const { user, dialog } = await openManager();
    await user.click(within(dialog).getByRole('button', { name: 'Save Images' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent('File is larger than 10 MB');
    });
    expect(await screen.findAllByText('File is larger than 10 MB')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Save Images' })).toBeEnabled();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('without an answer: "Failed to save images" in the form, the error alert as a toast', async () => {
    stubXhr(() => 'network-error');
    const { user, dialog } = await openManager();
    await user.click(within(dialog).getByRole('button', { name: 'Save Images' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to save images$/);
    });
    expect(await screen.findByText('Error updating images. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Images' })).toBeEnabled();
  });
});

describe('ImageManagerModal with changes not saved (issue 20)', () => {
  it('closes at once while nothing changed', async () => {
    const { user, dialog } = await openManager();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before a pending removal is thrown away: Keep editing keeps it, Discard closes', async () => {
    const { user, dialog } = await openManager();
    await user.click(
      within(cards(dialog)[1] as HTMLElement).getByRole('button', { name: 'Remove' }),
    );
    await confirmRemoval(user, 'Not used anywhere else.');
    expect(cards(dialog)).toHaveLength(1);

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(cards(dialog)).toHaveLength(1);
    expect(altTexts(dialog)).toEqual(['Beach at dawn']);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: UNSAVED.discard }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('an alt-text edit or a reorder counts too, and undoing it makes it clean again', async () => {
    const { user, dialog } = await openManager();
    await user.click(
      within(cards(dialog)[0] as HTMLElement).getByRole('button', { name: 'Move right' }),
    );
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: UNSAVED.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    await user.click(
      within(cards(dialog)[1] as HTMLElement).getByRole('button', { name: 'Move left' }),
    );
    await user.type(within(dialog).getAllByLabelText(/^Alt text/)[0] as HTMLElement, '!');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alertdialog', { name: UNSAVED.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UNSAVED.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    await user.type(within(dialog).getAllByLabelText(/^Alt text/)[0] as HTMLElement, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
  describe('where used (issue 24)', () => {
    const inUse = {
      usage: {
        count: 1,
        items: [
          {
            kind: 'blogInline',
            _id: 'blog-1',
            name: 'Monsoon in Goa',
            field: 'content',
            link: '/services/addPlaceBlog',
          },
        ],
        owner: {
          kind: 'imageLibrary',
          _id: library._id,
          name: 'Goa',
          link: '/services/image-library',
        },
      },
    };

    it('lists the uses before removing, and saves with force=true', async () => {
      stubLibrary(
        ['image-libraries.view', 'image-libraries.update', 'image-libraries.delete'],
        (id) => (id === imageB._id ? inUse : unused),
      );
      const xhrs: RecordedXhr[] = stubXhr(() => ({ status: 200, body: okRecord(library) }));
      const { user, dialog } = await openManager();
      // Cards are in order: imageA (order 0), imageB.
      await user.click(
        within(cards(dialog)[1] as HTMLElement).getByRole('button', { name: 'Remove' }),
      );
      const question = await screen.findByRole('alertdialog', { name: 'Remove Image' });
      expect(await within(question).findByText('Used in 1 place')).toBeInTheDocument();
      expect(within(question).getByRole('link', { name: 'Monsoon in Goa' })).toHaveAttribute(
        'href',
        '/services/addPlaceBlog',
      );
      expect(within(question).getByText("blog's text")).toBeInTheDocument();
      expect(
        within(question).getByText('Delete this image and remove these references?'),
      ).toBeInTheDocument();
      expect(
        within(question).getByText('Deleting it removes these references.'),
      ).toBeInTheDocument();
      await user.click(within(question).getByRole('button', { name: 'Remove' }));
      expect(cards(dialog)).toHaveLength(1);

      await user.click(within(dialog).getByRole('button', { name: 'Save Images' }));
      await waitFor(() => {
        expect(xhrs).toHaveLength(1);
      });
      expect(xhrs[0]?.url).toBe(`${BASE}/${library._id}/images`);
      expect(xhrs[0]?.search).toBe('?force=true');
    });

    it('an admin without the delete permission cannot remove an image in use, and is told why', async () => {
      stubLibrary(['image-libraries.view', 'image-libraries.update'], () => inUse);
      const { user, dialog } = await openManager();
      await user.click(
        within(cards(dialog)[0] as HTMLElement).getByRole('button', { name: 'Remove' }),
      );
      const question = await screen.findByRole('alertdialog', { name: 'Remove Image' });
      expect(await within(question).findByText('Used in 1 place')).toBeInTheDocument();
      expect(
        within(question).getByText(/You need the delete permission to remove an image or library/),
      ).toBeInTheDocument();
      expect(within(question).getByRole('button', { name: 'Remove' })).toBeDisabled();
      await user.click(within(question).getByRole('button', { name: 'Cancel' }));
      expect(cards(dialog)).toHaveLength(2);
    });
  });
});
