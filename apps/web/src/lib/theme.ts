import { DEFAULT_THEME, THEMES, THEME_STORAGE_KEY, type Theme } from '@safarnama/contract';

/** Theme logic of spec §4 (public/theme-init.js mirrors readStoredTheme + applyTheme). */
export type ResolvedTheme = 'light' | 'dark';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

export const readStoredTheme = (): Theme => {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
};

export const storeTheme = (theme: Theme): void => {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
};

export const getDarkQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

export const resolveTheme = (theme: Theme, systemDark: boolean): ResolvedTheme =>
  theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;

export const applyTheme = (resolved: ResolvedTheme): void => {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
};

export const parseTheme = (value: string): Theme => (isTheme(value) ? value : DEFAULT_THEME);
