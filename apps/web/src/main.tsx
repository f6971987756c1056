import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createAppRouter, PROFILE_FREE_PATHS } from './app/router';
import { makeStore } from './app/store';
import { authApi } from './features/auth/auth.api';
import { installHardening } from './lib/hardening';
import { registerRouter } from './lib/navigator';
import './index.css';

installHardening(import.meta.env.PROD);

const store = makeStore();
// The access check's profile call (RequireAuth, the login page) starts now, beside the route's
// chunks: the router renders RequireAuth only once every lazy chunk of the route has arrived,
// which put the call, and the page's own list call after it, a whole waterfall later.
if (!PROFILE_FREE_PATHS.includes(window.location.pathname)) {
  void store.dispatch(authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
}
const router = createAppRouter();
registerRouter(router);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
