/**
 * A bridge so code outside React (the API base query) can navigate with the data router and read
 * where the admin is. main.tsx registers the browser router; tests register their memory router.
 */
export interface RouterLike {
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
  state: { location: { pathname: string; search: string } };
}

let router: RouterLike | null = null;

export const registerRouter = (value: RouterLike | null): void => {
  router = value;
};

export const navigateTo = async (to: string, options?: { replace?: boolean }): Promise<void> => {
  if (router) {
    await router.navigate(to, options);
    return;
  }
  window.location.assign(to);
};

/** The current location as a return path (`/path?query`). */
export const currentPath = (): string => {
  const location = router?.state.location ?? window.location;
  return `${location.pathname}${location.search}`;
};

/** `/login?returnTo=<path>` (no return path for the home page or the login page itself). */
export const loginPathFor = (returnTo: string): string =>
  returnTo && returnTo !== '/' && !returnTo.startsWith('/login')
    ? `/login?returnTo=${encodeURIComponent(returnTo)}`
    : '/login';

/** Only same-app absolute paths are followed after sign-in (no open redirect). */
export const safeReturnPath = (value: string | null | undefined, fallback: string): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
};
