import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, Profile } from '@safarnama/contract';
import { serverEmit } from '../../test/fakeSocket';
import { renderApp } from '../../test/app';
import { clickWhenEnabled, stubSignedIn, okResponse } from '../../test/utils';

const AUTH = '/api/v1/admin/auth';

const note = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  _id: `0190c0de-0000-7000-8000-00000000010${n}`,
  type: 'security',
  title: `Notice ${n}`,
  message: `Message ${n}`,
  link: null,
  isRead: false,
  readAt: null,
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  ...overrides,
});

/** A server holding a list of notifications that the mark calls change. */
const stubServer = (initial: Notification[], profile: Partial<Profile> = {}) => {
  let items = [...initial];
  const unread = () => items.filter((item) => !item.isRead).length;
  const calls = stubSignedIn(profile, (call) => {
    if (call.url === `${AUTH}/get-notifications`) {
      const limit = Number(call.search.get('limit'));
      const search = call.search.get('search') ?? '';
      const found = items.filter((item) => item.title.includes(search));
      return okResponse({
        notifications: found.slice(0, limit),
        pagination: {
          total: found.length,
          page: 1,
          limit,
          totalPages: 1,
          hasPrevPage: false,
          hasNextPage: false,
        },
        unreadCount: unread(),
      });
    }
    if (call.url === `${AUTH}/mark-as-read-notification`) {
      const { ids } = (call.body as { data: { ids: string[] } }).data;
      items = items.map((item) => (ids.includes(item._id) ? { ...item, isRead: true } : item));
      return okResponse({ updated: ids.length, unreadCount: unread() });
    }
    if (call.url === `${AUTH}/mark-as-read-all-notification`) {
      items = items.map((item) => ({ ...item, isRead: true }));
      return okResponse({ updated: 1, unreadCount: 0 }, 200, 'All notifications marked as read');
    }
    return undefined;
  });
  return {
    calls,
    add: (item: Notification) => {
      items = [item, ...items];
      return unread();
    },
  };
};

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('Notifications page', () => {
  it('lists notifications with the unread ones marked, and marks one read', async () => {
    const { calls } = stubServer([
      note(1),
      note(2, { isRead: true, readAt: '2026-01-01T00:00:00Z' }),
      note(3, { link: '/login-activity' }),
    ]);
    renderApp('/notification');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('Unread')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/login-activity',
    );
    expect(screen.getByText('You have 2 unread notifications.')).toBeInTheDocument();
    await waitFor(() => {
      expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark "Notice 1" as read' }));
    await waitFor(() => {
      expect(screen.getByText('You have 1 unread notification.')).toBeInTheDocument();
    });
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    expect(calls.find((call) => call.url === `${AUTH}/mark-as-read-notification`)?.body).toEqual({
      data: { ids: [note(1)._id] },
    });
  });

  it('marks all read, and searches after the debounce', async () => {
    const { calls } = stubServer([note(1), note(2)]);
    const { user } = renderApp('/notification');
    // Disabled until the list has answered how many are unread.
    await clickWhenEnabled(user, await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    await user.type(screen.getByLabelText('Search notifications'), 'Notice 2');
    await waitFor(() => {
      expect(
        calls.some(
          (call) =>
            call.url === `${AUTH}/get-notifications` && call.search.get('search') === 'Notice 2',
        ),
      ).toBe(true);
    });
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
    });
  });
});

describe('Header bell', () => {
  it('shows the newest in a panel, and opening one marks it read and follows its link', async () => {
    const { calls } = stubServer([note(1, { link: '/login-activity' }), note(2)]);
    const { router } = renderApp('/tasks');
    await waitFor(() => {
      expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');
    const user = userEvent.setup();
    await user.click(bell());
    const panel = screen.getByRole('region', { name: 'Latest notifications' });
    expect(within(panel).getByText('Notice 1')).toBeInTheDocument();
    expect(
      calls.find((call) => call.url === `${AUTH}/get-notifications`)?.search.get('limit'),
    ).toBe('5');

    await user.click(within(panel).getByRole('button', { name: /Notice 1/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login-activity');
    });
    await waitFor(() => {
      expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    });
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  });

  it('closes on Escape and offers the full list', async () => {
    stubServer([]);
    const { user } = renderApp('/tasks');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    // The panel may open before the bell's list has answered.
    expect(await screen.findByText(/You're all caught up/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notification',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('takes a notification arriving on the socket: count, list and a toast', async () => {
    const server = stubServer([note(2)]);
    renderApp('/notification');
    await screen.findByText('Message 2');
    await waitFor(() => {
      expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    });
    const arrived = note(0, { title: 'New sign-in', message: 'Chrome on Linux from Panaji, Goa' });
    const unreadCount = server.add(arrived);
    act(() => {
      serverEmit('notification', { notification: arrived, unreadCount });
    });
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('New sign-in');
    expect(
      await screen.findByText('New sign-in: Chrome on Linux from Panaji, Goa'),
    ).toBeInTheDocument();
  });

  it('does not toast what this session caused; a notice of another session still toasts (issue 20)', async () => {
    const server = stubServer([note(2)], { sessionId: 'session-mine' });
    renderApp('/notification');
    await screen.findByText('Message 2');
    const mine = note(0, {
      _id: '0190c0de-0000-7000-8000-000000000190',
      title: 'Password changed',
      message: 'Your other sessions were signed out',
    });
    const theirs = note(1, {
      _id: '0190c0de-0000-7000-8000-000000000191',
      title: 'Two-factor authentication turned on',
      message: 'Signing in now needs a code',
    });
    act(() => {
      serverEmit('notification', {
        notification: mine,
        unreadCount: server.add(mine),
        causedBySessionId: 'session-mine',
      });
    });
    act(() => {
      serverEmit('notification', {
        notification: theirs,
        unreadCount: server.add(theirs),
        causedBySessionId: 'session-other',
      });
    });
    // Both reach the bell and the list...
    expect(bell()).toHaveAccessibleName('Notifications, 3 unread');
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('Password changed')).toBeInTheDocument();
    expect(within(list).getByText('Two-factor authentication turned on')).toBeInTheDocument();
    // ...but only the other session's is toasted (toasts come in order: had the first been
    // toasted, it would be on screen by the time the second is).
    expect(
      await screen.findByText('Two-factor authentication turned on: Signing in now needs a code'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Password changed: Your other sessions were signed out'),
    ).not.toBeInTheDocument();
  });
});
