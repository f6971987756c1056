import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { DEFAULT_BRANDING } from '@safarnama/contract';
import { useBranding } from './branding';

/** What a route says about itself in `handle`: its heading (spec §2's page names). */
export interface RouteHandle {
  title?: string;
}

/** The product's own name, until the Basic Settings give another. */
export const APP_NAME = DEFAULT_BRANDING.productName;

/**
 * The browser tab title of a page: '<Page heading> · <product name>' (the Basic Settings' name,
 * 'Safarnama' by default), or the product name alone.
 */
export const documentTitleOf = (heading: string | undefined, productName = APP_NAME): string =>
  heading ? `${heading} · ${productName}` : productName;

/** The heading of the deepest matched route that names one (its `handle.title`). */
export const useRouteTitle = (): string | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
};

/** Keeps `document.title` on the current route's heading and the product name. */
export const useDocumentTitle = (): void => {
  const title = documentTitleOf(useRouteTitle(), useBranding().productName);
  useEffect(() => {
    document.title = title;
  }, [title]);
};

/**
 * The root route's element: every page, signed in or not, gets its tab title here, and it keeps
 * the branding (`client-config`) loaded for the whole app.
 */
export const DocumentTitle = () => {
  useDocumentTitle();
  return <Outlet />;
};
