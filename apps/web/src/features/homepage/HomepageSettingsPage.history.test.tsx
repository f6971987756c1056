import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  makePagination,
  type HomepageSettings,
  type PermissionKey,
  type RevisionSummary,
} from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { okResponse, recordResponse, stubSignedIn } from '../../test/utils';
import { blogListAnswer, makeBlog } from '../blogs/test-data';
import { listAnswer } from '../itineraries/test-data';

// Issue 21: the homepage settings' History; a restore puts the restored selection in the editor.

const S = API_PATHS.service;
const R = API_PATHS.revisions;
const EDITOR: PermissionKey[] = ['homepage.view', 'homepage.update'];
const STORY = makeBlog(1, { title: 'Story 1' });
const WITH_STORY: HomepageSettings = {
  trendingDestinations: [],
  trendingActivities: [],
  tourPackages: [],
  blogs: [{ _id: STORY._id, title: STORY.title }],
  isActive: true,
  version: 2,
  updatedAt: '2025-03-08T04:30:00.000Z',
};
const RESTORED: HomepageSettings = { ...WITH_STORY, blogs: [], version: 3 };

const revision = (version: number): RevisionSummary => ({
  _id: `0190c0de-0000-7000-8000-0000000r000${version}`,
  entity: 'homepage-settings',
  entityId: '1',
  version,
  action: 'update',
  changedFields: ['blogs'],
  admin: { _id: 'a1', name: 'Priya Shah' },
  restoredFrom: null,
  ip: null,
  createdAt: '2025-03-07T10:00:00.000Z',
});
const [v1, v2] = [revision(1), revision(2)];

const stub = () => {
  let restored = false;
  const calls = stubSignedIn({ permissions: EDITOR }, (call) => {
    if (call.url === S.homepageSettings)
      return okResponse({ data: restored ? RESTORED : WITH_STORY });
    if (call.url === S.listItineraries) return okResponse(listAnswer([]));
    if (call.url === S.listBlogs) return okResponse(blogListAnswer([STORY]));
    if (call.url === R.list) {
      return okResponse({ revisions: [v2, v1], pagination: makePagination(2, 1, 10) });
    }
    if (call.url === R.one(v1._id)) {
      return recordResponse({
        ...v1,
        snapshot: { isActive: true, trendingDestinations: [], tourPackages: [], blogs: [] },
        previousId: null,
        diff: [{ field: 'isActive', from: null, to: true }],
      });
    }
    if (call.url === R.restore(v1._id) && call.method === 'POST') {
      restored = true;
      return okResponse({ revision: { ...revision(3), restoredFrom: v1._id }, version: 3 });
    }
    return undefined;
  });
  return calls;
};

describe('Homepage Settings: History', () => {
  it('restores an earlier selection into the editor after the confirm', async () => {
    const calls = stub();
    const { user } = renderApp('/services/homepage-settings');
    const blogs = await screen.findByRole('region', { name: 'Travelpedia Blogs' });
    expect(await within(blogs).findByRole('list', { name: 'Selected blogs' })).toHaveTextContent(
      'Story 1',
    );

    await user.click(screen.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'History' });
    const versions = await within(history).findByRole('list', { name: 'Versions' });
    await user.click(within(versions).getByRole('button', { name: /^v1/ }));
    await user.click(await within(history).findByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );

    expect(await screen.findByText('Version 1 restored. It is now version 3.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === R.list && call.search.has('id'))).toBe(false);
    await waitFor(() => {
      expect(
        within(screen.getByRole('region', { name: 'Travelpedia Blogs' })).queryByRole('list', {
          name: 'Selected blogs',
        }),
      ).toBeNull();
    });
    expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull();
  });
});
