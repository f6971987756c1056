import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

/** What a route says about itself in `handle`: its heading (spec §2's page names). */
export interface RouteHandle {
  title?: string;
}

export const APP_NAME = 'Safarnama';

/** The browser tab title of a page: '<Page heading> · Safarnama', or the app name alone. */
export const documentTitleOf = (heading: string | undefined): string =>
  heading ? `${heading} · ${APP_NAME}` : APP_NAME;

/** The heading of the deepest matched route that names one (its `handle.title`). */
export const useRouteTitle = (): string | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
};

/** Keeps `document.title` on the current route's heading. */
export const useDocumentTitle = (): void => {
  const title = documentTitleOf(useRouteTitle());
  useEffect(() => {
    document.title = title;
  }, [title]);
};

/** The root route's element: every page, signed in or not, gets its tab title here. */
export const DocumentTitle = () => {
  useDocumentTitle();
  return <Outlet />;
};
