import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { ThemeProvider } from './theme';
import { Toasts } from './Toasts';

export const Providers = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <ThemeProvider>
      {children}
      <Toasts />
    </ThemeProvider>
  </Provider>
);
