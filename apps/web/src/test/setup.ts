import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetDisplaySettings } from '../lib/format';
import { registerRouter } from '../lib/navigator';
import { loadToastify } from '../lib/toast';
import { resetFakeSocket } from './fakeSocket';

// No test opens a real socket: `test/fakeSocket.ts` stands in, and tests emit the server's events.
vi.mock('../lib/socket', async () => (await import('./fakeSocket')).fakeSocketModule);

// findBy*/waitFor wait up to 15 s: on a busy CI machine the first lazy page import alone can
// take several seconds (a 5 s limit made the sign-out test flaky there).
configure({ asyncUtilTimeout: 15_000 });

// A toast raised while no toast stack is mounted waits in react-toastify's module-wide queue
// for the next stack that mounts (lib/toast.ts). A test's toast that came after its cleanup
// would so open the next test's stack, ahead of that test's own toasts (three at most show at
// once, each for 5 s: twice a test waited 15 s for its toast behind them). Each test starts with
// that queue empty: dismissing with no stack mounted empties it.
beforeEach(async () => {
  const { toast } = await loadToastify();
  toast.dismiss();
});

afterEach(() => {
  cleanup();
  resetFakeSocket();
  registerRouter(null);
  // The branding's currency symbol and time zone are module state (lib/format.ts).
  resetDisplaySettings();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
});
