import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_PATHS, type PermissionKey } from '@safarnama/contract';
import { stubLayoutForEditor } from '../../test/layout';
import { openPage, type TestUser } from '../../test/app';
import {
  formEntries,
  idempotencyKeysOf,
  networkDown,
  okEnvelope,
  stubXhr,
  type RecordedCall,
  stubSignedIn,
  okResponse,
  errorResponse,
} from '../../test/utils';
import {
  IDS,
  activeCountries,
  activePlaces,
  activeStates,
  blogListAnswer,
  makeBlog,
  makeCover,
} from './test-data';

const ALL: PermissionKey[] = ['blogs.view', 'blogs.create', 'blogs.update'];

const published = makeBlog(1, {
  title: 'Monsoon in Munnar',
  slug: 'monsoon-in-munnar',
  status: 'published',
  publishedAt: '2025-03-08T10:00:00.000Z',
  coverImage: makeCover(),
  tags: ['kerala'],
  content: '<h2>Tea</h2><ul><li><p>Walk the estates</p></li></ul>',
});
const draft = makeBlog(2, {
  title: 'Backwaters by boat',
  slug: 'backwaters-by-boat',
  author: null,
});

interface ServerOptions {
  permissions?: PermissionKey[];
  list?: (call: RecordedCall) => Response;
  save?: (call: RecordedCall) => Response;
}

const stubServer = ({ permissions = ALL, list, save }: ServerOptions = {}) =>
  stubSignedIn({ permissions }, (call) => {
    switch (call.url) {
      case API_PATHS.service.listBlogs:
        return list ? list(call) : okResponse(blogListAnswer([published, draft]));
      case API_PATHS.service.activeCountries:
        return okResponse(activeCountries);
      case API_PATHS.service.activeStates:
        return okResponse(activeStates);
      case API_PATHS.service.activePlaces:
        return okResponse(activePlaces);
      case API_PATHS.service.addBlog:
      case API_PATHS.service.updateBlog:
        return save?.(call);
    }
    return undefined;
  });

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === API_PATHS.service.listBlogs);
const saveCalls = (calls: RecordedCall[]) =>
  calls.filter(
    (call) => call.url === API_PATHS.service.addBlog || call.url === API_PATHS.service.updateBlog,
  );

const open = () => openPage('/services/addPlaceBlog', 'Places Travelpedia');

const openAddForm = async () => {
  const { user } = await open();
  await user.click(await screen.findByRole('button', { name: 'Add Blog' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Blog' });
  // The lazy editor has arrived.
  await within(dialog).findByRole('textbox', { name: 'Content' });
  return { user, dialog: within(dialog) };
};

const chooseLocation = async (dialog: ReturnType<typeof within>, user: TestUser) => {
  await within(dialog.getByLabelText('Country *')).findByRole('option', { name: 'India (IN)' });
  await user.selectOptions(dialog.getByLabelText('Country *'), IDS.country);
  await within(dialog.getByLabelText('State *')).findByRole('option', { name: 'Kerala' });
  await user.selectOptions(dialog.getByLabelText('State *'), IDS.state);
  await within(dialog.getByLabelText('Place *')).findByRole('option', { name: 'Munnar' });
  await user.selectOptions(dialog.getByLabelText('Place *'), IDS.place);
};

beforeAll(stubLayoutForEditor);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BlogsPage', () => {
  it('lists blogs with cover, title and slug, place, status, published date, author and actions', async () => {
    stubServer();
    await open();
    const cell = await screen.findByText('Monsoon in Munnar');
    const row = within(cell.closest('tr') as HTMLElement);
    expect(row.getByText('monsoon-in-munnar')).toBeVisible();
    expect(row.getByText('Munnar, Kerala, India')).toBeVisible();
    expect(row.getByText('Published')).toBeVisible();
    expect(row.getByText('Asha Verma')).toBeVisible();
    expect(row.getByRole('button', { name: 'Edit Monsoon in Munnar' })).toHaveTextContent('Edit');
    expect(row.getByRole('button', { name: 'Preview Monsoon in Munnar' })).toHaveTextContent(
      'Preview',
    );
    // A thumbnail: the browser picks the 320 px variant from srcset for the default sizes.
    const cover = (cell.closest('tr') as HTMLElement).querySelector('img');
    expect(cover?.getAttribute('srcset')).toContain('/uploads/blogs/cover-320.webp 320w');
    expect(cover).toHaveAttribute('sizes', '320px');
    const draftRow = within(screen.getByText('Backwaters by boat').closest('tr') as HTMLElement);
    expect(draftRow.getByText('Draft')).toBeVisible();
    expect(draftRow.getByText('—')).toBeVisible();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: /pagination/i })).not.toBeInTheDocument();
  });

  it('searches after 500 ms from page 1, 10 per page, and shows the empty state', async () => {
    const calls = stubServer({
      list: (call) =>
        call.search.get('search')
          ? okResponse(blogListAnswer([]))
          : okResponse(blogListAnswer([published, draft], 25, Number(call.search.get('page')))),
    });
    await open();
    await screen.findByText('Monsoon in Munnar');
    expect(listCalls(calls)[0]?.search.get('limit')).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.get('page')).toBe('2');
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search blogs' }), {
      target: { value: 'zzz' },
    });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(listCalls(calls).some((call) => call.search.get('search'))).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => {
      const last = listCalls(calls).at(-1);
      expect(last?.search.get('search')).toBe('zzz');
      expect(last?.search.get('page')).toBe('1');
    });
    expect(await screen.findByText('No blogs found')).toBeVisible();
  });

  it('shows an error banner when the list fails', async () => {
    stubServer({
      list: () => errorResponse(500, 'INTERNAL', 'Something went wrong'),
    });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('an unpublished blog never reads as published: "first published" in the list and preview', async () => {
    const unpublished = makeBlog(3, {
      title: 'Hill stations, paused',
      slug: 'hill-stations-paused',
      status: 'draft',
      publishedAt: '2025-03-08T10:00:00.000Z',
    });
    stubServer({ list: () => okResponse(blogListAnswer([unpublished])) });
    const { user } = await open();
    const row = within(
      (await screen.findByText('Hill stations, paused')).closest('tr') as HTMLElement,
    );
    expect(row.getByText('Draft')).toBeVisible();
    expect(row.getByText('first published Mar 8, 2025')).toBeVisible();
    await user.click(row.getByRole('button', { name: 'Preview Hill stations, paused' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Blog Preview' }));
    expect(dialog.getByText('First published Mar 8, 2025')).toBeVisible();
    expect(dialog.queryByText(/^Published/)).toBeNull();
  });

  it('previews the saved, sanitised article', async () => {
    stubServer();
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Preview Monsoon in Munnar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Blog Preview' }));
    expect(dialog.getByRole('heading', { level: 2, name: 'Tea' })).toBeVisible();
    expect(dialog.getByText('Walk the estates')).toBeVisible();
  });
});

describe('BlogFormModal', () => {
  it('fills the slug from the title until the slug is edited by hand', async () => {
    stubServer();
    const { user, dialog } = await openAddForm();
    const title = dialog.getByLabelText('Title *');
    const slug = dialog.getByLabelText('Slug');
    await user.type(title, 'Monsoon in Munnar!');
    expect(slug).toHaveValue('monsoon-in-munnar');
    await user.clear(slug);
    await user.type(slug, 'munnar-rains');
    await user.type(title, ' 2025');
    expect(slug).toHaveValue('munnar-rains');
  });

  it('validates on the client with the contract schema', async () => {
    const calls = stubServer();
    const { user, dialog } = await openAddForm();
    await user.type(dialog.getByLabelText('Slug'), 'Bad Slug');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(dialog.getByText('Title is required')).toBeVisible();
    expect(dialog.getByText('Country is required')).toBeVisible();
    expect(dialog.getByText('Place is required')).toBeVisible();
    expect(dialog.getByLabelText('Title *')).toHaveAttribute('aria-invalid', 'true');
    expect(saveCalls(calls)).toHaveLength(0);
  });

  it('publishes a new blog as multipart with tags[i] and no cover, then says so', async () => {
    const calls = stubServer({
      save: () => okResponse({ data: published }, 201, 'Blog added successfully'),
    });
    const { user, dialog } = await openAddForm();
    await user.type(dialog.getByLabelText('Title *'), 'Monsoon in Munnar');
    await chooseLocation(dialog, user);
    await user.type(dialog.getByLabelText('Excerpt'), 'Green hills');
    await user.type(dialog.getByLabelText('Tags'), 'kerala{Enter}tea,');
    await user.type(dialog.getByLabelText('Meta Title'), 'Munnar in the rain');
    expect(dialog.getByText('18/70')).toBeVisible();
    await user.type(dialog.getByLabelText('Meta Description'), 'Why go');
    expect(dialog.getByText('6/160')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'H2' }));
    await user.click(dialog.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Blog added successfully')).toBeVisible();
    const [call] = saveCalls(calls);
    expect(call?.url).toBe(API_PATHS.service.addBlog);
    expect(call?.method).toBe('POST');
    const entries = formEntries(call?.body);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['title', 'Monsoon in Munnar'],
        ['slug', 'monsoon-in-munnar'],
        ['countryId', IDS.country],
        ['stateId', IDS.state],
        ['placeId', IDS.place],
        ['excerpt', 'Green hills'],
        ['tags[0]', 'kerala'],
        ['tags[1]', 'tea'],
        ['metaTitle', 'Munnar in the rain'],
        ['metaDescription', 'Why go'],
        ['status', 'published'],
      ]),
    );
    expect(entries.map(([name]) => name)).not.toContain('coverImage');
    expect(entries.map(([name]) => name)).not.toContain('id');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add Blog' })).not.toBeInTheDocument();
    });
  });

  it('an add sends an Idempotency-Key, the same one when retried after a failure', async () => {
    let answers = 0;
    const calls = stubServer({
      save: () => {
        answers += 1;
        return answers === 1
          ? networkDown()
          : okResponse({ data: draft }, 201, 'Blog added successfully');
      },
    });
    const { user, dialog } = await openAddForm();
    await user.type(dialog.getByLabelText('Title *'), 'Monsoon in Munnar');
    await chooseLocation(dialog, user);
    await user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => {
      expect(saveCalls(calls)).toHaveLength(1);
    });
    await waitFor(() => {
      expect(dialog.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    });
    await user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Blog added successfully')).toBeVisible();
    const keys = idempotencyKeysOf(calls, API_PATHS.service.addBlog);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows a taken slug (409) on the slug field and server field errors on theirs', async () => {
    stubServer({
      save: () =>
        errorResponse(409, 'CONFLICT', 'A blog with this slug already exists', [
          { path: 'metaTitle', message: 'Too long for the server' },
        ]),
    });
    const { user, dialog } = await openAddForm();
    await user.type(dialog.getByLabelText('Title *'), 'Monsoon in Munnar');
    await chooseLocation(dialog, user);
    await user.click(dialog.getByRole('button', { name: 'Save Draft' }));

    const slug = dialog.getByLabelText('Slug');
    await waitFor(() => {
      expect(slug).toHaveAttribute('aria-invalid', 'true');
    });
    expect(slug).toHaveAccessibleDescription('A blog with this slug already exists');
    expect(dialog.getByLabelText('Meta Title')).toHaveAccessibleDescription(
      'Too long for the server',
    );
    expect(screen.getByRole('dialog', { name: 'Add Blog' })).toBeInTheDocument();
  });

  it('updates a blog with its id and a new cover through the upload transport', async () => {
    stubServer();
    const xhrs = stubXhr(() => ({
      status: 200,
      body: okEnvelope({ data: published }, 200, 'Blog updated successfully'),
    }));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Edit Monsoon in Munnar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Blog' }));
    await dialog.findByRole('textbox', { name: 'Content' });
    expect(dialog.getByLabelText('Slug')).toHaveValue('monsoon-in-munnar');
    // A saved blog keeps its slug when the title changes.
    await user.type(dialog.getByLabelText('Title *'), ' again');
    expect(dialog.getByLabelText('Slug')).toHaveValue('monsoon-in-munnar');
    const file = new File(['x'.repeat(500)], 'cover.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image file'), file);
    await user.click(dialog.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Blog updated successfully')).toBeVisible();
    expect(xhrs).toHaveLength(1);
    expect(xhrs[0]?.url).toBe(API_PATHS.service.updateBlog);
    const entries = formEntries(xhrs[0]?.body);
    expect(entries[0]).toEqual(['id', published._id]);
    expect(entries).toContainEqual(['title', 'Monsoon in Munnar again']);
    expect(entries).toContainEqual(['tags[0]', 'kerala']);
    expect(entries).toContainEqual(['status', 'published']);
    expect(entries.at(-1)).toEqual(['coverImage', 'file:cover.png']);
  });
});
