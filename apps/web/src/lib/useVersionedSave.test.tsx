import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, type ImageLibrary } from '@safarnama/contract';
import { Providers } from '../app/Providers';
import { makeStore } from '../app/store';
import { LibraryFormModal } from '../features/image-libraries/LibraryFormModal';
import { makeLibrary } from '../features/image-libraries/test-data';
import { errorResponse, jsonResponse, recordResponse, stubFetch } from '../test/utils';
import { editConflictOf } from './useVersionedSave';

/**
 * The versioned save (issue 21) through a real form, the image library's (title, description,
 * month): a stale save opens the conflict dialog, and what the admin decides there is what the
 * next request carries, against the version the server named.
 */
const library = makeLibrary(1, {
  title: 'Goa Beaches',
  description: 'Sun',
  month: 'All Months',
  version: 3,
});
const url = API_PATHS.imageLibraries.one(library._id);

/** The server's row as the 409 carries it (not the presented record: no author, raw images). */
const row = (overrides: Record<string, unknown>) => ({
  id: library._id,
  title: library.title,
  description: library.description,
  month: library.month,
  status: 'active',
  version: 4,
  images: [],
  ...overrides,
});

const conflictAnswer = (
  currentVersion: number,
  current: Record<string, unknown>,
  admin = 'Priya Shah',
  changedAt = '2025-01-05T09:34:00.000Z',
) =>
  jsonResponse({
    status: 409,
    success: false,
    code: 'EDIT_CONFLICT',
    message:
      'Someone else saved this record after you opened it. Review their changes before saving again.',
    data: {
      entity: 'image-library',
      entityId: library._id,
      currentVersion,
      yourVersion: 3,
      current,
      changedBy: { _id: 'a2', name: admin },
      changedAt,
      changedFields: ['title'],
    },
  });

/** Answers the saves in turn (the last one repeats); records what each carried. */
const stubSaves = (...answers: (() => Response)[]) => {
  const calls = stubFetch((call) => {
    if (call.url === url && call.method === 'PUT') {
      const saves = calls.filter((c) => c.url === url && c.method === 'PUT').length;
      return (answers[saves - 1] ?? answers.at(-1) ?? (() => recordResponse(library)))();
    }
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  const saves = () =>
    calls
      .filter((c) => c.url === url && c.method === 'PUT')
      .map((c) => ({
        ifMatch: c.headers.get('if-match'),
        fields: Object.fromEntries(
          [...(c.body as FormData).entries()].map(([k, v]) => [k, String(v)]),
        ),
      }));
  return saves;
};

const renderForm = (record: ImageLibrary = library) => {
  const onClose = vi.fn();
  render(
    <Providers store={makeStore()}>
      <LibraryFormModal library={record} onClose={onClose} />
    </Providers>,
  );
  return { onClose, user: userEvent.setup() };
};

const conflictDialog = () => screen.findByRole('dialog', { name: /^Someone else saved this/ });
const row$ = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('group', { name: label });

describe('useVersionedSave with the conflict dialog (issue 21)', { timeout: 20_000 }, () => {
  it('a stale save names the admin, lists what differs, and saves the merge against their version', async () => {
    const saves = stubSaves(
      () => conflictAnswer(4, row({ title: 'Goa Beaches 2025', month: 'March' })),
      () => recordResponse({ ...library, version: 5 }),
    );
    const { user, onClose } = renderForm();
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Sun and sand');
    await user.click(screen.getByRole('button', { name: 'Save Library' }));

    const dialog = await conflictDialog();
    expect(dialog).toHaveAccessibleName('Someone else saved this image library');
    expect(
      within(dialog).getByText(/Priya Shah saved it at Jan 5, 2025, 3:04 PM IST\./),
    ).toBeInTheDocument();
    // The first save carried the version the form was opened with.
    expect(saves()[0]?.ifMatch).toBe('"3"');
    // Only what differs, side by side; each starts on the side that changed it.
    expect(
      within(dialog)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Title', 'Description', 'Month']);
    const title = row$(dialog, 'Title');
    expect(within(title).getByRole('radio', { name: /^Theirs/ })).toBeChecked();
    expect(within(title).getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      /Goa Beaches 2025/,
    );
    expect(within(row$(dialog, 'Description')).getByRole('radio', { name: /^Mine/ })).toBeChecked();
    expect(within(row$(dialog, 'Month')).getByRole('radio', { name: /^Theirs/ })).toBeChecked();
    // No toast or form error: the dialog explains it.
    expect(screen.queryByText(/Review their changes/)).toBeNull();

    // Per field: keep my month too, then save the merge.
    await user.click(within(row$(dialog, 'Month')).getByRole('radio', { name: /^Mine/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save merged' }));

    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(saves()).toHaveLength(2);
    expect(saves()[1]).toEqual({
      ifMatch: '"4"',
      fields: { title: 'Goa Beaches 2025', description: 'Sun and sand', month: 'All Months' },
    });
  });

  it('"Take theirs" puts their values in the form and saves nothing; the next save is against theirs', async () => {
    const saves = stubSaves(
      () => conflictAnswer(4, row({ title: 'Goa Beaches 2025', description: 'Beaches' })),
      () => recordResponse({ ...library, version: 5 }),
    );
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText('Title *'), ' and Forts');
    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    const dialog = await conflictDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: /^Someone else saved this/ })).toBeNull();
    });
    expect(screen.getByLabelText('Title *')).toHaveValue('Goa Beaches 2025');
    expect(screen.getByLabelText('Description')).toHaveValue('Beaches');
    expect(saves()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(saves()[1]?.ifMatch).toBe('"4"');
  });

  it('a second conflict on the retry opens the dialog again with the newer save', async () => {
    const saves = stubSaves(
      () => conflictAnswer(4, row({ title: 'Goa Beaches 2025' })),
      () =>
        conflictAnswer(
          5,
          row({ title: 'Goa Beaches 2026', version: 5 }),
          'Rahul Mehta',
          '2025-01-05T10:00:00.000Z',
        ),
      () => recordResponse({ ...library, version: 6 }),
    );
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText('Title *'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    let dialog = await conflictDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));

    await waitFor(() => {
      expect(
        screen.getByText(/Rahul Mehta saved it at Jan 5, 2025, 3:30 PM IST\./),
      ).toBeInTheDocument();
    });
    dialog = await conflictDialog();
    expect(
      within(row$(dialog, 'Title')).getByRole('radio', { name: /^Theirs/ }),
    ).toHaveAccessibleName(/Goa Beaches 2026/);
    expect(saves()[1]).toMatchObject({ ifMatch: '"4"', fields: { title: 'Goa Beaches!' } });
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));

    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(saves()[2]).toMatchObject({ ifMatch: '"5"', fields: { title: 'Goa Beaches!' } });
  });

  it('when nothing the form holds differs (they toggled the status), it saves again at once', async () => {
    const saves = stubSaves(
      () => conflictAnswer(4, row({ title: 'Goa Beaches!', status: 'inactive' })),
      () => recordResponse({ ...library, version: 5 }),
    );
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText('Title *'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(screen.queryByRole('dialog', { name: /^Someone else saved this/ })).toBeNull();
    expect(saves().map((save) => save.ifMatch)).toEqual(['"3"', '"4"']);
  });

  it('closing the dialog keeps the form and its version: the next save is told again', async () => {
    const saves = stubSaves(() => conflictAnswer(4, row({ title: 'Goa Beaches 2025' })));
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Title *'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    await conflictDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: /^Someone else saved this/ })).toBeNull();
    });
    expect(screen.getByLabelText('Title *')).toHaveValue('Goa Beaches!');
    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    await conflictDialog();
    expect(saves().map((save) => save.ifMatch)).toEqual(['"3"', '"3"']);
  });

  it('any other failure is shown as before (a 409 without EDIT_CONFLICT opens no dialog)', async () => {
    stubSaves(() => errorResponse(409, 'CONFLICT', 'An image library with this title exists'));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save Library' }));
    expect(await screen.findAllByText('An image library with this title exists')).not.toHaveLength(
      0,
    );
    expect(screen.queryByRole('dialog', { name: /^Someone else saved this/ })).toBeNull();
  });
});

describe('editConflictOf', () => {
  it('reads the data of an EDIT_CONFLICT only', () => {
    const data = {
      entity: 'blog',
      entityId: 'b1',
      currentVersion: 2,
      yourVersion: 1,
      current: { title: 'x' },
      changedBy: null,
      changedAt: null,
      changedFields: [],
    };
    const envelope = { status: 409, success: false, message: 'm', code: 'EDIT_CONFLICT', data };
    expect(editConflictOf({ status: 409, data: envelope })).toEqual(data);
    expect(editConflictOf({ status: 409, data: { ...envelope, code: 'CONFLICT' } })).toBeNull();
    expect(editConflictOf({ status: 409, data: { ...envelope, data: undefined } })).toBeNull();
    expect(editConflictOf({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
  });
});
