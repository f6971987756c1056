import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../app/router';
import { renderRoutes } from './utils';

/** What tests act through (`userEvent.setup()`). */
export type TestUser = ReturnType<typeof userEvent.setup>;

/** The whole app (its routes) at `path`, with a fresh store, and a `user` to act in it. */
export const renderApp = (path: string) => ({
  ...renderRoutes(routes, path),
  user: userEvent.setup(),
});

/** `renderApp(path)` once the page's heading (its name, or name and level) is shown. */
export const openPage = async (path: string, heading: string | { name: string; level: number }) => {
  const view = renderApp(path);
  await screen.findByRole('heading', typeof heading === 'string' ? { name: heading } : heading);
  return view;
};
