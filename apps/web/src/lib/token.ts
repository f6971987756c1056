import { AUTH_TOKEN_KEY } from '@safarnama/contract';

/**
 * The session token (spec §4, §6): read first from sessionStorage `authToken`, otherwise from a
 * cookie of the same name. The server's remember-me cookie is HttpOnly (DESIGN §4), so the cookie
 * fallback normally finds nothing and the browser sends the cookie on its own.
 */
export const getToken = (): string | null => {
  try {
    const stored = window.sessionStorage.getItem(AUTH_TOKEN_KEY);
    if (stored) return stored;
  } catch {
    // Storage blocked: fall through to the cookie.
  }
  return readCookie(AUTH_TOKEN_KEY);
};

export const setToken = (token: string): void => {
  try {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // Storage blocked: the session then lives only as long as this page.
  }
};

export const clearToken = (): void => {
  try {
    window.sessionStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
  // A script-readable cookie of that name (never the server's HttpOnly one) goes too, or a stale
  // value would be sent again and again.
  if (readCookie(AUTH_TOKEN_KEY) !== null) {
    document.cookie = `${AUTH_TOKEN_KEY}=; Max-Age=0; path=/; SameSite=Strict`;
  }
};

export const hasToken = (): boolean => getToken() !== null;

const readCookie = (name: string): string | null => {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) {
      const value = trimmed.slice(prefix.length);
      return value ? decodeURIComponent(value) : null;
    }
  }
  return null;
};
