import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { stubLayoutForEditor } from '../../test/layout';
import {
  errorResponse,
  formEntries,
  jsonResponse,
  okResponse,
  recordResponse,
  stubFetch,
} from '../../test/utils';
import { BlogFormModal } from './BlogFormModal';
import { IDS, activeCountries, activePlaces, activeStates, makeBlog, makeCover } from './test-data';

const cover = makeCover();
const blog = makeBlog(1, { title: 'Munnar tea', coverImage: cover, version: 2 });

/** The blog's row as a 409 carries it: its images by id and kind only. */
const currentRow = {
  id: blog._id,
  title: 'Munnar tea gardens',
  slug: blog.slug,
  countryId: IDS.country,
  stateId: IDS.state,
  placeId: IDS.place,
  excerpt: blog.excerpt,
  content: blog.content,
  tags: [],
  metaTitle: '',
  metaDescription: '',
  status: 'draft',
  version: 3,
  images: [{ _id: cover._id, kind: 'blog-cover', altText: '' }],
};

beforeAll(stubLayoutForEditor);

describe('BlogFormModal: an edit conflict (issue 21)', { timeout: 30_000 }, () => {
  it('the multipart update carries If-Match; the merge goes against their version', async () => {
    const calls = stubFetch((call) => {
      switch (call.url) {
        case API_PATHS.service.activeCountries:
          return okResponse(activeCountries);
        case API_PATHS.service.activeStates:
          return okResponse(activeStates);
        case API_PATHS.service.activePlaces:
          return okResponse(activePlaces);
        case API_PATHS.service.updateBlog:
          return calls.filter((c) => c.url === API_PATHS.service.updateBlog).length === 1
            ? jsonResponse({
                status: 409,
                success: false,
                code: 'EDIT_CONFLICT',
                message: 'Someone else saved this record after you opened it.',
                data: {
                  entity: 'blog',
                  entityId: blog._id,
                  currentVersion: 3,
                  yourVersion: 2,
                  current: currentRow,
                  changedBy: { _id: 'a2', name: 'Priya Shah' },
                  changedAt: '2025-01-05T09:34:00.000Z',
                  changedFields: ['title'],
                },
              })
            : recordResponse({ ...blog, version: 4 });
      }
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const onClose = vi.fn();
    render(
      <Providers store={makeStore()}>
        <BlogFormModal blog={blog} onClose={onClose} />
      </Providers>,
    );
    const user = userEvent.setup();
    const excerpt = screen.getByLabelText('Excerpt');
    await user.clear(excerpt);
    await user.type(excerpt, 'Tea estates and mist');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this blog' });
    expect(dialog).toHaveTextContent('Priya Shah saved it at Jan 5, 2025, 3:04 PM IST.');
    // The cover is the same on both sides (no new file chosen): no row for it.
    expect(
      within(dialog)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Title', 'Excerpt']);
    await user.click(within(dialog).getByRole('button', { name: 'Save merged' }));

    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    const saves = calls.filter((call) => call.url === API_PATHS.service.updateBlog);
    expect(saves.map((save) => save.headers.get('if-match'))).toEqual(['"2"', '"3"']);
    const fields = Object.fromEntries(formEntries(saves[1]?.body));
    expect(fields).toMatchObject({ title: 'Munnar tea gardens', excerpt: 'Tea estates and mist' });
  });
});
