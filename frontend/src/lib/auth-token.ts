/**
 * Where the token lives (spec 01 §4): local storage, and a cookie of the same name so that plain browser requests
 * (a link to a file download) carry it too. Browser-only.
 */
export const TOKEN_KEY = 'token';
export const TOKEN_COOKIE = 'token';
/** The interface language (spec 01 §1). It survives sign-in and sign-out, see clearLocalStorageExceptLanguage. */
export const LANG_KEY = 'lang';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the token in local storage and the cookie; the cookie lives as long as the token (expSeconds). */
export function storeToken(token: string, expSeconds: number | null): void {
  localStorage.setItem(TOKEN_KEY, token);
  const maxAge = expSeconds ? Math.max(0, Math.floor(expSeconds - Date.now() / 1000)) : null;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Lax${maxAge !== null ? `; Max-Age=${maxAge}` : ''}${secure}`;
}

export function removeToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing stored */
  }
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * The spec clears "other local storage" on sign-in and sign-out. We keep one key: the interface language. It is
 * the person's choice about this browser, not data of the account, and losing it on every sign-in would flip a
 * Russian-speaking user back to English on the sign-in page. Everything else (cached lists, settings, filters)
 * is removed so nothing of one user leaks to the next.
 */
export function clearLocalStorageExceptLanguage(): void {
  try {
    const lang = localStorage.getItem(LANG_KEY);
    localStorage.clear();
    if (lang !== null) localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* storage unavailable */
  }
}
