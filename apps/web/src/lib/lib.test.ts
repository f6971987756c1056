import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@safarnama/contract';
import { getErrorMessage, getFieldErrors, isNetworkError, NETWORK_ERROR_MESSAGE } from './errors';
import { installHardening, isBlockedShortcut } from './hardening';
import { loginPathFor, safeReturnPath } from './navigator';
import { clearToken, getToken } from './token';

const envelope = {
  status: 400,
  success: false,
  message: 'Please correct the highlighted fields',
  code: 'VALIDATION_ERROR',
  details: [{ path: 'email', message: 'Enter a valid e-mail address' }],
};

describe('getErrorMessage', () => {
  it('reads the envelope of a failed call', () => {
    expect(getErrorMessage({ status: 400, data: envelope }, 'fallback')).toBe(envelope.message);
    expect(getFieldErrors({ status: 400, data: envelope })).toEqual({
      email: 'Enter a valid e-mail address',
    });
  });
  it('names an unreachable server and otherwise falls back', () => {
    const offline = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(isNetworkError(offline)).toBe(true);
    expect(getErrorMessage(offline, 'fallback')).toBe(NETWORK_ERROR_MESSAGE);
    expect(getErrorMessage({ status: 500, data: '<html>' }, 'fallback')).toBe('fallback');
    expect(getErrorMessage(new Error('Boom'), 'fallback')).toBe('Boom');
    expect(getErrorMessage(undefined, 'fallback')).toBe('fallback');
  });
});

describe('token storage', () => {
  afterEach(() => {
    document.cookie = `${AUTH_TOKEN_KEY}=; Max-Age=0; path=/`;
  });
  it('reads sessionStorage first, then a cookie named authToken', () => {
    document.cookie = `${AUTH_TOKEN_KEY}=from-cookie; path=/`;
    expect(getToken()).toBe('from-cookie');
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'from-session');
    expect(getToken()).toBe('from-session');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('return paths', () => {
  it('keeps the app inside itself', () => {
    expect(safeReturnPath('/tasks?x=1', '/dashboard')).toBe('/tasks?x=1');
    expect(safeReturnPath('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('https://evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/login?returnTo=/x', '/dashboard')).toBe('/dashboard');
    expect(loginPathFor('/tasks')).toBe('/login?returnTo=%2Ftasks');
    expect(loginPathFor('/')).toBe('/login');
  });
});

describe('production hardening', () => {
  it('recognises the blocked shortcuts only', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(isBlockedShortcut(key('F12'))).toBe(true);
    for (const k of ['I', 'J', 'C', 'i']) {
      expect(isBlockedShortcut(key(k, { ctrlKey: true, shiftKey: true }))).toBe(true);
    }
    expect(isBlockedShortcut(key('u', { ctrlKey: true }))).toBe(true);
    expect(isBlockedShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isBlockedShortcut(key('I'))).toBe(false);
  });

  it('does nothing outside production builds (tests run in MODE test)', () => {
    const log = console.log;
    expect(import.meta.env.PROD).toBe(false);
    expect(installHardening()).toBe(false);
    expect(console.log).toBe(log);
    const event = new MouseEvent('contextmenu', { cancelable: true });
    document.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('silences the console and blocks the context menu and keys in production', () => {
    const methods = {
      log: console.log,
      error: console.error,
      warn: console.warn,
      info: console.info,
      debug: console.debug,
      trace: console.trace,
      table: console.table,
    };
    const spy = vi.spyOn(document, 'addEventListener');
    try {
      expect(installHardening(true)).toBe(true);
      expect(console.log).not.toBe(methods.log);
      const menu = new MouseEvent('contextmenu', { cancelable: true });
      document.dispatchEvent(menu);
      expect(menu.defaultPrevented).toBe(true);
      const f12 = new KeyboardEvent('keydown', { key: 'F12', cancelable: true });
      document.dispatchEvent(f12);
      expect(f12.defaultPrevented).toBe(true);
    } finally {
      Object.assign(console, methods);
      for (const [type, listener, options] of spy.mock.calls) {
        document.removeEventListener(type, listener, options);
      }
    }
  });
});
