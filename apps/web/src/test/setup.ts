import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerRouter } from '../lib/navigator';

// findBy*/waitFor wait up to 15 s: on a busy CI machine the first lazy page import alone can
// take several seconds (a 5 s limit made the sign-out test flaky there).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  registerRouter(null);
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
});
