import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { installHardening } from './lib/hardening';
import { registerRouter } from './lib/navigator';
import './index.css';

installHardening(import.meta.env.PROD);

const store = makeStore();
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
