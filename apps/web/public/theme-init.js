// Runs before the first paint (see index.html). Mirrors src/lib/theme.ts: localStorage key
// 'theme' (contract THEME_STORAGE_KEY) holds 'light', 'dark' or 'system' (the default).
/* global window, document */
(function () {
  var choice = 'system';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') choice = stored;
  } catch {
    // Storage blocked: keep the default.
  }
  var dark =
    choice === 'dark' ||
    (choice === 'system' &&
      window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
