import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, type HomepageSettings, type PermissionKey } from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { errorResponse, jsonResponse, okResponse, stubSignedIn } from '../../test/utils';
import { blogListAnswer, makeBlog } from '../blogs/test-data';
import { listAnswer } from '../itineraries/test-data';

const S = API_PATHS.service;
const EDITOR: PermissionKey[] = ['homepage.view', 'homepage.update'];
const BLOGS = [1, 2, 3].map((n) => makeBlog(n, { title: `Story ${n}` }));
const [one, two, three] = BLOGS as [(typeof BLOGS)[0], (typeof BLOGS)[0], (typeof BLOGS)[0]];

const settings = (version: number, blogs: typeof BLOGS): HomepageSettings => ({
  trendingDestinations: [],
  trendingActivities: [],
  tourPackages: [],
  blogs: blogs.map((blog) => ({ _id: blog._id, title: blog.title })),
  isActive: true,
  version,
  updatedAt: null,
});

describe('HomepageSettingsPage: an edit conflict (issue 21)', { timeout: 30_000 }, () => {
  it('reads their selection by name, keeps mine against their version, then follows the saved one', async () => {
    let stored = settings(2, [one]);
    const puts: { ifMatch: string | null; blogs: unknown }[] = [];
    stubSignedIn({ permissions: EDITOR }, (call) => {
      if (call.url === S.homepageSettings && call.method === 'PUT') {
        puts.push({
          ifMatch: call.headers.get('if-match'),
          blogs: (call.body as { data: { blogs: unknown } }).data.blogs,
        });
        if (puts.length === 1) {
          // Someone saved Story 3 in between: the page's copy (version 2) is stale.
          stored = settings(3, [one, three]);
          return jsonResponse({
            status: 409,
            success: false,
            code: 'EDIT_CONFLICT',
            message: 'Someone else saved this record after you opened it.',
            data: {
              entity: 'homepage-settings',
              entityId: '1',
              currentVersion: 3,
              yourVersion: 2,
              current: {
                isActive: true,
                version: 3,
                trendingDestinations: [],
                tourPackages: [],
                blogs: [one._id, three._id],
              },
              changedBy: { _id: 'a2', name: 'Priya Shah' },
              changedAt: '2025-01-05T09:34:00.000Z',
              changedFields: ['blogs'],
            },
          });
        }
        stored = { ...stored, version: (stored.version ?? 0) + 1 };
        return okResponse({ data: stored }, 200, 'Homepage settings updated successfully');
      }
      if (call.url === S.homepageSettings) return okResponse({ data: stored });
      if (call.url === S.listItineraries) return okResponse(listAnswer([]));
      if (call.url === S.listBlogs) return okResponse(blogListAnswer(BLOGS));
      if (call.url === S.activeCountries) return okResponse({ countries: [] });
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    });
    const user = userEvent.setup();
    renderApp('/services/homepage-settings');
    const blogs = within(await screen.findByRole('region', { name: 'Travelpedia Blogs' }));
    const offered = within(await blogs.findByRole('list', { name: 'Available blogs' }));
    await user.click(offered.getByRole('button', { name: /^Story 2/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Someone else saved this homepage selection',
    });
    expect(dialog).toHaveTextContent('Priya Shah saved it at Jan 5, 2025, 3:04 PM IST.');
    const row = within(dialog).getByRole('group', { name: 'Travelpedia Blogs' });
    expect(within(row).getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      /Story 1\s*Story 3/,
    );
    expect(within(row).getByRole('radio', { name: /^Mine/ })).toHaveAccessibleName(
      /Story 1\s*Story 2/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));

    expect(await screen.findByText('Homepage settings updated successfully')).toBeInTheDocument();
    expect(puts[1]).toEqual({ ifMatch: '"3"', blogs: [one._id, two._id] });

    // The page stays open: its next save goes against the version the server answered.
    await user.click(blogs.getByRole('button', { name: 'Remove Story 2' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => {
      expect(puts).toHaveLength(3);
    });
    expect(puts[2]?.ifMatch).toBe('"4"');
  });
});
