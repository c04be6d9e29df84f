/**
 * The rules of an external provider's form (name, base URL, API key), with the messages the API answers. Pure,
 * so the web form can say the same before it sends.
 */
export const EXTERNAL_PROVIDER_MESSAGES = {
  name: 'Provider name is required',
  baseUrl: 'Base URL is required',
  baseUrlHttp: 'Base URL must be an http or https address',
  baseUrlCredentials: 'Base URL must not contain a user name or password (enter the key as the API key)',
  baseUrlQuery: 'Base URL must not have a query or a fragment',
  apiKey: 'API key is required',
  apiKeyCharacters: 'API key must be printable characters without spaces',
} as const;

export const EXTERNAL_PROVIDER_LIMITS = { name: 200, baseUrl: 2000, apiKey: 1000 } as const;

/** What is wrong with a base URL, or null. */
export function baseUrlProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return EXTERNAL_PROVIDER_MESSAGES.baseUrl;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return EXTERNAL_PROVIDER_MESSAGES.baseUrlHttp;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return EXTERNAL_PROVIDER_MESSAGES.baseUrlHttp;
  if (url.username || url.password) return EXTERNAL_PROVIDER_MESSAGES.baseUrlCredentials;
  // Paths are appended to the base URL ('/products'); a query or fragment would swallow them.
  if (url.search || url.hash || v.includes('?') || v.includes('#')) return EXTERNAL_PROVIDER_MESSAGES.baseUrlQuery;
  return null;
}

/** The base URL as stored: trimmed, without trailing slashes (calls append '/products', '/availability'). */
export const normalizeBaseUrl = (value: string) => value.trim().replace(/\/+$/, '');

/**
 * An API key goes into the Authorization header: visible ASCII only, so no key can break the header (or add
 * another), and a pasted key with a stray space or line break is refused instead of failing at every call.
 */
export const isApiKeyText = (value: string) => /^[\x21-\x7e]+$/.test(value);
