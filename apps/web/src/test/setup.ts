import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetDisplaySettings } from '../lib/format';
import { registerRouter } from '../lib/navigator';
import { resetFakeSocket } from './fakeSocket';
import { endStubbedAnswers } from './answers';

// No test opens a real socket: `test/fakeSocket.ts` stands in, and tests emit the server's events.
vi.mock('../lib/socket', async () => (await import('./fakeSocket')).fakeSocketModule);

// findBy*/waitFor wait up to 15 s: on a busy CI machine the first lazy page import alone can
// take several seconds (a 5 s limit made the sign-out test flaky there).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  endStubbedAnswers();
  cleanup();
  resetFakeSocket();
  registerRouter(null);
  // The branding's currency symbol and time zone are module state (lib/format.ts).
  resetDisplaySettings();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
});
