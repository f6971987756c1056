import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { UNSAVED_CHANGES_TEXTS as T } from '@safarnama/contract';
import { hasUnsavedChanges, requestLeave, useUnsavedChanges } from '../lib/useUnsavedChanges';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

/** A screen whose 'Unsaved' box stands for changes not saved yet. */
const Editor = () => {
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  return (
    <>
      <h1>Editor</h1>
      <label>
        <input
          type="checkbox"
          checked={dirty}
          onChange={(event) => {
            setDirty(event.target.checked);
          }}
        />
        Unsaved
      </label>
      <Link to="/other">Other page</Link>
      <Link to="/editor?page=2">Next page of the list</Link>
      <Link to="/login">Sign-in page</Link>
    </>
  );
};

const setup = () => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <UnsavedChangesGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: 'editor', element: <Editor /> },
          { path: 'other', element: <h1>Other</h1> },
          { path: 'login', element: <h1>Sign in</h1> },
        ],
      },
    ],
    { initialEntries: ['/', '/editor'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
};

/** A reload or a closed tab: answers whether the page asked to stay (the browser's prompt). */
const unloadIsHeldBack = (): boolean => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('UnsavedChangesGuard', () => {
  it('lets a clean screen go at once, with no prompt on reload', async () => {
    const { router, user } = setup();
    expect(unloadIsHeldBack()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('while dirty asks before a route change: Keep editing stays, Discard goes', async () => {
    const { router, user } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Unsaved' }));

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    const dialog = await screen.findByRole('alertdialog', { name: T.title });
    expect(dialog).toHaveTextContent(T.message);
    await user.click(screen.getByRole('button', { name: T.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/editor');
    expect(screen.getByRole('checkbox', { name: 'Unsaved' })).toBeChecked();

    // The back button is a route change too.
    act(() => {
      void router.navigate(-1);
    });
    await screen.findByRole('alertdialog', { name: T.title });
    await user.click(screen.getByRole('button', { name: T.discard }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('holds back a reload only while dirty', async () => {
    const { user } = setup();
    const unsaved = screen.getByRole('checkbox', { name: 'Unsaved' });
    expect(unloadIsHeldBack()).toBe(false);
    await user.click(unsaved);
    expect(unloadIsHeldBack()).toBe(true);
    await user.click(unsaved);
    expect(unloadIsHeldBack()).toBe(false);
  });

  it('never holds back a query change on the same page or the forced way to sign-in', async () => {
    const { router, user } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Unsaved' }));
    await user.click(screen.getByRole('link', { name: 'Next page of the list' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // An expired session or maintenance sends the admin away: nothing could be saved any more.
    await user.click(screen.getByRole('link', { name: 'Sign-in page' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before signing out (requestLeave) while dirty, runs it at once when clean', async () => {
    const { user } = setup();
    const signOut = vi.fn();
    requestLeave(signOut);
    expect(signOut).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('checkbox', { name: 'Unsaved' }));
    act(() => {
      requestLeave(signOut);
    });
    await screen.findByRole('alertdialog', { name: T.title });
    await user.click(screen.getByRole('button', { name: T.keepEditing }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(signOut).toHaveBeenCalledTimes(1);

    act(() => {
      requestLeave(signOut);
    });
    await user.click(await screen.findByRole('button', { name: T.discard }));
    expect(signOut).toHaveBeenCalledTimes(2);
  });
});
