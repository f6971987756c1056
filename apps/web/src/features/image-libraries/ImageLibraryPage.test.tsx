import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makePagination, type PermissionKey } from '@safarnama/contract';
import { openPage } from '../../test/app';
import {
  clickWhenEnabled,
  formEntries,
  idempotencyKeysOf,
  jsonResponse,
  networkDown,
  type RecordedCall,
  stubSignedIn,
  okResponse,
  errorResponse,
  recordResponse,
} from '../../test/utils';
import { CORRECT_FIELDS_MESSAGE } from '../../lib/useContractForm';
import { listAnswer, makeLibrary } from './test-data';

const BASE = '/api/v1/admin/service/image-libraries';
const ALL: PermissionKey[] = [
  'image-libraries.view',
  'image-libraries.create',
  'image-libraries.update',
  'image-libraries.delete',
];

const LONG = 'A'.repeat(100) + 'B'.repeat(50);
const libraries = [
  makeLibrary(1, {
    title: 'Goa beaches',
    description: LONG,
    month: 'March',
    images: [],
    createdAt: '2025-03-07T10:00:00.000Z',
    author: { name: 'Ravi Kumar', image: '/uploads/avatars/ravi.webp' },
  }),
  makeLibrary(2, {
    title: 'Kerala backwaters',
    description: 'Short one',
    status: 'inactive',
    createdAt: '',
    author: null,
  }),
];

interface ServerOptions {
  permissions?: PermissionKey[];
  list?: (call: RecordedCall) => Response;
  other?: (call: RecordedCall) => Response | undefined;
}

const stubServer = ({ permissions = ALL, list, other }: ServerOptions = {}) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === BASE && call.method === 'GET') {
      return list ? list(call) : okResponse(listAnswer(libraries));
    }
    return other?.(call);
  });

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === BASE && call.method === 'GET');

const open = () => openPage('/services/image-library', 'Image Library Management');

/** The list, then its 'Add New Library' form. */
const openAddForm = async () => {
  const { user } = await open();
  await user.click(screen.getByRole('button', { name: 'Add New Library' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Create New Image Library' }) };
};

const rowOf = async (title: string) => {
  const cell = await screen.findByRole('cell', { name: title });
  const row = cell.closest('tr');
  if (!row) throw new Error('no row');
  return within(row);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ImageLibraryPage', () => {
  it('shows the columns with the spec formatting', async () => {
    const calls = stubServer();
    await open();
    const headers = (await screen.findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual([
      '', // issue 24: the row checkboxes
      'Title',
      'Description',
      'Month',
      'Images',
      'Created',
      'Status',
      'Author',
      'Actions',
    ]);
    const goa = await rowOf('Goa beaches');
    expect(goa.getByText(`${'A'.repeat(100)}...`)).toBeInTheDocument();
    expect(goa.getByText('March')).toBeInTheDocument();
    expect(goa.getByText('0 images')).toBeInTheDocument();
    expect(goa.getByText('Mar 7, 2025')).toBeInTheDocument();
    expect(goa.getByText('active')).toHaveClass('text-green-800');
    expect(goa.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(goa.getByRole('presentation')).toHaveAttribute('src', '/uploads/avatars/ravi.webp');
    expect(goa.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    for (const action of ['Edit', 'Delete', 'Manage Images']) {
      expect(goa.getByRole('button', { name: action })).toBeInTheDocument();
    }

    const kerala = await rowOf('Kerala backwaters');
    expect(kerala.getByText('Short one')).toBeInTheDocument();
    expect(kerala.getByText('N/A')).toBeInTheDocument();
    expect(kerala.getByText('inactive')).not.toHaveClass('text-green-800');
    expect(kerala.getByRole('button', { name: 'Activate' })).toBeInTheDocument();

    expect(listCalls(calls)[0]?.search.toString()).toBe('page=1&limit=10');
  });

  it('counts images as "N images"', async () => {
    const withImages = makeLibrary(3, {
      title: 'Ladakh',
      images: [1, 2, 3].map((n) => ({
        _id: `i${n}`,
        url: '',
        fileKey: '',
        publicUrl: '',
        altText: '',
        order: n,
        mimeType: 'image/jpeg',
        width: 1,
        height: 1,
        bytes: 1,
        placeholder: '#000000',
        variants: [],
      })),
    });
    stubServer({ list: () => okResponse(listAnswer([withImages])) });
    await open();
    expect((await rowOf('Ladakh')).getByText('3 images')).toBeInTheDocument();
  });

  it('debounces the search by 500 ms and goes back to page 1', async () => {
    const calls = stubServer({
      list: (call) =>
        okResponse(
          listAnswer(libraries, makePagination(25, Number(call.search.get('page') ?? 1), 10)),
        ),
    });
    const { user } = await open();
    await screen.findByRole('cell', { name: 'Goa beaches' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.get('page')).toBe('2');
    });
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // Keystrokes 200 ms apart keep postponing the call; 500 ms of quiet sends it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = screen.getByPlaceholderText('Search by title, description, or month...');
    const before = listCalls(calls).length;
    for (const text of ['g', 'go', 'goa']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => {
        vi.advanceTimersByTime(200);
      });
    }
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(listCalls(calls)).toHaveLength(before);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.toString()).toBe('page=1&limit=10&search=goa');
    });
    // One request for the finished word, none per keystroke.
    expect(listCalls(calls)).toHaveLength(before + 1);
  });

  it('shows the empty state when nothing matches', async () => {
    stubServer({ list: () => okResponse(listAnswer([])) });
    await open();
    expect(await screen.findByText('No image libraries found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows list errors in a red banner, with the server message or the fallback', async () => {
    stubServer({
      list: () => errorResponse(500, 'INTERNAL', 'Internal server error'),
    });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });

  it('falls back to "Failed to fetch image libraries"', async () => {
    // An answer without our envelope's message (a non-JSON 5xx is a proxy's: "Cannot reach...").
    stubServer({ list: () => jsonResponse({ error: 'boom' }, 500) });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch image libraries');
  });

  it('asks before deleting, with the spec text, then deletes and reloads', async () => {
    const target = libraries[0];
    if (!target) throw new Error('no data');
    const calls = stubServer({
      other: (call) => {
        // Issue 24: the question reads where the library is used first.
        if (call.url === `/api/v1/admin/image-library/${target._id}/usage`) {
          return okResponse({ usage: { count: 0, items: [] } });
        }
        return call.method === 'DELETE' && call.url === `${BASE}/${target._id}`
          ? okResponse({ _id: target._id, id: target.id })
          : undefined;
      },
    });
    const { user } = await open();
    await user.click((await rowOf('Goa beaches')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText('Not used anywhere else.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Are you sure you want to delete this image library?'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click((await rowOf('Goa beaches')).getByRole('button', { name: 'Delete' }));
    const before = listCalls(calls).length;
    await clickWhenEnabled(
      user,
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(listCalls(calls).length).toBeGreaterThan(before);
    });
  });

  it('toggles the status through its own call and reloads the list', async () => {
    const target = libraries[0];
    if (!target) throw new Error('no data');
    const calls = stubServer({
      other: (call) =>
        call.method === 'PATCH' && call.url === `${BASE}/${target._id}/toggle-status`
          ? okResponse({ ...target, status: 'inactive' })
          : undefined,
    });
    const { user } = await open();
    const before = listCalls(calls).length;
    await user.click((await rowOf('Goa beaches')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => {
      expect(listCalls(calls).length).toBeGreaterThan(before);
    });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toBeUndefined();
  });

  it('shows only what the permissions allow', async () => {
    stubServer({ permissions: ['image-libraries.view'] });
    await open();
    await screen.findByRole('cell', { name: 'Goa beaches' });
    expect(screen.queryByRole('button', { name: 'Add New Library' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('LibraryFormModal', () => {
  it('requires a title after trimming, without calling the server', async () => {
    const calls = stubServer();
    const { user, dialog } = await openAddForm();
    await user.type(within(dialog).getByLabelText('Title *'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a library: trimmed multipart fields, success toast, close and reload', async () => {
    const calls = stubServer({
      other: (call) =>
        call.method === 'POST' && call.url === BASE
          ? recordResponse(makeLibrary(9), 201, 'Image library created')
          : undefined,
    });
    const { user, dialog } = await openAddForm();
    expect(within(dialog).getByLabelText('Month')).toHaveValue('All Months');
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect(within(dialog).getByText(/Manage Images/)).toBeInTheDocument();
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'All Months',
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
    await user.type(within(dialog).getByLabelText('Title *'), '  Goa in March ');
    await user.type(within(dialog).getByLabelText('Description'), ' Sun and sand ');
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'March');
    const before = listCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));

    expect(await screen.findByText('Image library created successfully!')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(formEntries(post?.body)).toEqual([
      ['title', 'Goa in March'],
      ['description', 'Sun and sand'],
      ['month', 'March'],
    ]);
    await waitFor(() => {
      expect(listCalls(calls).length).toBeGreaterThan(before);
    });
  });

  it('a create sends an Idempotency-Key, the same one when retried after a failure', async () => {
    let answers = 0;
    const calls = stubServer({
      other: (call) => {
        if (call.method !== 'POST' || call.url !== BASE) return undefined;
        answers += 1;
        return answers === 1
          ? networkDown()
          : recordResponse(makeLibrary(9), 201, 'Image library created');
      },
    });
    const { user, dialog } = await openAddForm();
    await user.type(within(dialog).getByLabelText('Title *'), 'Goa');
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const keys = idempotencyKeysOf(calls, BASE);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('edits a library with PUT and says it was updated', async () => {
    const target = libraries[0];
    if (!target) throw new Error('no data');
    const calls = stubServer({
      other: (call) =>
        call.method === 'PUT' && call.url === `${BASE}/${target._id}`
          ? okResponse({ ...target, title: 'Goa' })
          : undefined,
    });
    const { user } = await open();
    await user.click((await rowOf('Goa beaches')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Image Library' });
    expect(within(dialog).getByLabelText('Title *')).toHaveValue('Goa beaches');
    expect(within(dialog).getByLabelText('Month')).toHaveValue('March');
    await user.clear(within(dialog).getByLabelText('Title *'));
    await user.type(within(dialog).getByLabelText('Title *'), 'Goa');
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    expect(await screen.findByText('Image library updated successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(formEntries(put?.body)).toEqual([
      ['title', 'Goa'],
      ['description', LONG],
      ['month', 'March'],
    ]);
  });

  it("puts a refused save's 400 details on their field, the server message in a toast", async () => {
    stubServer({
      other: (call) =>
        call.method === 'POST'
          ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
              { path: 'title', message: 'Title is too long' },
            ])
          : undefined,
    });
    const { user, dialog } = await openAddForm();
    await user.type(within(dialog).getByLabelText('Title *'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    expect(await screen.findByText('Validation failed')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CORRECT_FIELDS_MESSAGE);
    const title = within(dialog).getByLabelText('Title *');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is too long');
    // Still open, and usable again.
    expect(within(dialog).getByRole('button', { name: 'Save Library' })).toBeEnabled();
  });

  it('falls back to the spec texts without a server message', async () => {
    let answer: 'status' | 'network' = 'status';
    stubServer({
      other: (call) => {
        if (call.method !== 'POST') return undefined;
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return jsonResponse({ unexpected: true }, 422);
      },
    });
    const { user, dialog } = await openAddForm();
    await user.type(within(dialog).getByLabelText('Title *'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to save image library. Please try again.',
    );
    answer = 'network';
    await user.click(within(dialog).getByRole('button', { name: 'Save Library' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Error creating/updating image library. Please try again.',
      );
    });
  });
});
