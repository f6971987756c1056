import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@safarnama/contract';
import { ChunkLoadError, loadWithTimeout } from './lazy';
import { RouteErrorScreen } from './RouteErrorScreen';

describe('route chunks', () => {
  it('fail after the 120 s time-out', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const loading = loadWithTimeout(() => never);
      const settled = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      let done = false;
      void loading.catch(() => {
        done = true;
      });
      await Promise.resolve();
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  it('that fail to load show the retry screen, whose button reloads', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorScreen />,
          lazy: () =>
            loadWithTimeout(() =>
              Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
            ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const reload = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...location, reload },
    });
    try {
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('This page failed to load.')).toBeInTheDocument();
      screen.getByRole('button', { name: 'Retry' }).click();
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });
});
