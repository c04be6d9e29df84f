/**
 * Why the check-in page has no booking to show. 404 and 403 are the server's answer (no such booking for this
 * person; not assigned to its tour that day): another try would say the same. So is 400: the address holds no
 * booking reference at all (a mistyped or damaged QR code), which for the person holding it is no such booking. Anything else (no network on the
 * guide's phone, a server fault) may pass, so the page offers Retry. Duck-typed on ApiError's code and message
 * (lib/api-client is not loadable in the unit tests).
 */
export type CheckInLoadFailure = { kind: 'notFound' } | { kind: 'notAssigned' } | { kind: 'failed'; detail: string | null };

export function checkInLoadFailure(err: unknown): CheckInLoadFailure {
  const e = err !== null && typeof err === 'object' ? (err as { code?: unknown; message?: unknown }) : null;
  const code = typeof e?.code === 'number' ? e.code : null;
  if (code === 404 || code === 400) return { kind: 'notFound' };
  if (code === 403) return { kind: 'notAssigned' };
  // A server's answer (code > 0) has its message in the interface language already (the shared call translates it);
  // a network failure's is the browser's own English ('Failed to fetch'), so then the page's words stand alone.
  const detail = code !== null && code > 0 && typeof e?.message === 'string' && e.message !== '' ? e.message : null;
  return { kind: 'failed', detail };
}
