import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY } from '@safarnama/contract';
import { ThemeProvider, ThemeSwitch } from './theme';

/** A controllable `prefers-color-scheme: dark` media query (jsdom has none). */
const stubSystemDark = (initial: boolean) => {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initial,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      listeners.delete(listener);
    },
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: () => query,
  });
  return {
    set(dark: boolean) {
      query.matches = dark;
      act(() => {
        for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
      });
    },
  };
};

const renderSwitch = () =>
  render(
    <ThemeProvider>
      <ThemeSwitch />
    </ThemeProvider>,
  );

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it("defaults to 'system' and follows the operating system live", () => {
    const system = stubSystemDark(false);
    renderSwitch();
    expect(screen.getByLabelText('Theme')).toHaveValue('system');
    expect(isDark()).toBe(false);

    system.set(true);
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(false);
  });

  it('applies the stored choice and ignores the system while forced', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const system = stubSystemDark(false);
    renderSwitch();
    expect(screen.getByLabelText('Theme')).toHaveValue('dark');
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(true);
  });

  it('saves a new choice under the theme key', async () => {
    const system = stubSystemDark(true);
    renderSwitch();
    expect(isDark()).toBe(true);
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Theme'), 'Light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(isDark()).toBe(false);

    await user.selectOptions(screen.getByLabelText('Theme'), 'System');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(false);
  });

  it('falls back to system for an unknown stored value', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    stubSystemDark(true);
    renderSwitch();
    expect(screen.getByLabelText('Theme')).toHaveValue('system');
    expect(isDark()).toBe(true);
  });
});
