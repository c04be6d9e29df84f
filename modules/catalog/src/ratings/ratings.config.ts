/**
 * Rating services' settings, read from the environment on every call (not cached), so a key
 * added or removed takes effect without a restart and tests can point the base URLs at a local
 * server. Kept in the module rather than kernel config: only this module uses them.
 *
 *   GOOGLE_PLACES_API_KEY    Places API key; without it the Google route answers 'Maps service is not configured'
 *   GOOGLE_PLACES_BASE_URL   default https://maps.googleapis.com
 *   TRIPADVISOR_API_KEY      Content API key; without it 'TripAdvisor service is not configured'
 *   TRIPADVISOR_BASE_URL     default https://api.content.tripadvisor.com
 *   PLACE_RATINGS_TIMEOUT_MS default 5000
 */
export interface RatingServiceConfig {
  apiKey: string | null;
  baseUrl: string;
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.PLACE_RATINGS_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_MS;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function googlePlacesConfig(env: NodeJS.ProcessEnv = process.env): RatingServiceConfig {
  return {
    apiKey: env.GOOGLE_PLACES_API_KEY?.trim() || null,
    baseUrl: trimSlash(env.GOOGLE_PLACES_BASE_URL?.trim() || 'https://maps.googleapis.com'),
    timeoutMs: timeoutMs(env),
  };
}

export function tripAdvisorConfig(env: NodeJS.ProcessEnv = process.env): RatingServiceConfig {
  return {
    apiKey: env.TRIPADVISOR_API_KEY?.trim() || null,
    baseUrl: trimSlash(env.TRIPADVISOR_BASE_URL?.trim() || 'https://api.content.tripadvisor.com'),
    timeoutMs: timeoutMs(env),
  };
}
