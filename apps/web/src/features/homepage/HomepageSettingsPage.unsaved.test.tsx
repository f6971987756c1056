import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  UNSAVED_CHANGES_TEXTS as T,
  type HomepageSettings,
  type PermissionKey,
} from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { okResponse, stubSignedIn } from '../../test/utils';
import { blogListAnswer, makeBlog } from '../blogs/test-data';
import { listAnswer } from '../itineraries/test-data';

// Issue 20, "lost work": Homepage Settings with a selection not saved asks before it is left.

const S = API_PATHS.service;
const PAGE = '/services/homepage-settings';
const EDITOR: PermissionKey[] = ['homepage.view', 'homepage.update'];
const EMPTY: HomepageSettings = {
  trendingDestinations: [],
  trendingActivities: [],
  tourPackages: [],
  blogs: [],
  isActive: true,
  updatedAt: null,
};
const STORY = makeBlog(1, { title: 'Story 1' });

const stub = () =>
  stubSignedIn({ permissions: EDITOR }, (call) => {
    if (call.url === S.homepageSettings) {
      return call.method === 'PUT'
        ? okResponse({ data: EMPTY }, 200, 'Homepage settings updated successfully')
        : okResponse({ data: EMPTY });
    }
    if (call.url === S.listItineraries) return okResponse(listAnswer([]));
    if (call.url === S.listBlogs) return okResponse(blogListAnswer([STORY]));
    return undefined;
  });

/** The page with 'Story 1' chosen (not saved yet). */
const openWithAChange = async () => {
  const view = renderApp(PAGE);
  const blogs = await screen.findByRole('region', { name: 'Travelpedia Blogs' });
  const available = await within(blogs).findByRole('list', { name: 'Available blogs' });
  await view.user.click(within(available).getByRole('button', { name: /Story 1/ }));
  expect(within(blogs).getByRole('list', { name: 'Selected blogs' })).toBeInTheDocument();
  return view;
};

const unloadIsHeldBack = (): boolean => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('Homepage Settings with unsaved changes', () => {
  it('asks before a sidebar link leaves it: Keep editing stays, Discard goes', async () => {
    stub();
    const { user, router } = await openWithAChange();
    expect(screen.getByText(T.pendingNote)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    const question = await screen.findByRole('alertdialog', { name: T.title });
    await user.click(within(question).getByRole('button', { name: T.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.getByRole('list', { name: 'Selected blogs' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    await user.click(await screen.findByRole('button', { name: T.discard }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/tasks');
    });
  });

  it('holds back a reload only while the selection differs from the saved one', async () => {
    stub();
    const { user } = await openWithAChange();
    expect(unloadIsHeldBack()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Homepage settings updated successfully')).toBeInTheDocument();
    await waitFor(() => {
      expect(unloadIsHeldBack()).toBe(false);
    });
    expect(screen.queryByText(T.pendingNote)).toBeNull();
  });

  it('leaves without asking when the change was undone', async () => {
    stub();
    const { user, router } = await openWithAChange();
    await user.click(screen.getByRole('button', { name: 'Remove Story 1' }));
    expect(unloadIsHeldBack()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/tasks');
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before Sign out as well, and does not sign out on Keep editing', async () => {
    const calls = stub();
    const { user } = await openWithAChange();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: T.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(calls.some((call) => call.url === API_PATHS.auth.logout)).toBe(false);
    expect(screen.getByRole('list', { name: 'Selected blogs' })).toBeInTheDocument();
  });
});
