import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DocumentTitle, documentTitleOf, useRouteTitle } from './pageTitle';
import { Providers } from './Providers';
import { makeStore } from './store';
import { renderApp } from '../test/app';
import { stubFetch, stubSignedIn, errorResponse } from '../test/utils';

const Heading = () => <h1>{useRouteTitle() ?? 'no heading'}</h1>;

describe('page titles', () => {
  it("formats the tab title as '<Page heading> · Safarnama'", () => {
    expect(documentTitleOf('Manage Itineraries')).toBe('Manage Itineraries · Safarnama');
    expect(documentTitleOf(undefined)).toBe('Safarnama');
    // The Basic Settings' product name (issue 20).
    expect(documentTitleOf('Manage Itineraries', 'Yatra Desk')).toBe(
      'Manage Itineraries · Yatra Desk',
    );
  });

  it('takes the deepest route heading and follows navigation', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <DocumentTitle />,
          children: [
            { path: 'a', handle: { title: 'Page A' }, element: <Heading /> },
            {
              path: 'b',
              handle: { title: 'Section B' },
              children: [
                { index: true, element: <Heading /> },
                { path: 'c', handle: { title: 'Page C' }, element: <Heading /> },
              ],
            },
            { path: 'untitled', element: <Heading /> },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    stubFetch(() => errorResponse(404, 'NOT_FOUND', 'Not found')); // no branding: the default
    render(
      <Providers store={makeStore()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeInTheDocument();
    expect(document.title).toBe('Page A · Safarnama');

    await act(() => router.navigate('/b/c'));
    expect(screen.getByRole('heading', { name: 'Page C' })).toBeInTheDocument();
    expect(document.title).toBe('Page C · Safarnama');

    await act(() => router.navigate('/b'));
    expect(document.title).toBe('Section B · Safarnama');

    await act(() => router.navigate('/untitled'));
    expect(screen.getByRole('heading', { name: 'no heading' })).toBeInTheDocument();
    expect(document.title).toBe('Safarnama');
  });

  it('titles the sign-in page', async () => {
    stubFetch(() => errorResponse(401, 'UNAUTHORIZED', 'Sign in'));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Safarnama');
  });

  it.each([
    ['/profile-details', 'Profile'],
    ['/settings', 'Settings'],
    ['/settings/profile-update', 'Settings Profile'],
  ])('%s: the profile screen headed and titled %s (spec §2)', async (path, heading) => {
    stubSignedIn({ permissions: ['settings.view'] });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe(`${heading} · Safarnama`);
    });
  });
});
