import { AppError, NotFoundError } from '@tbo/kernel';

/** No API key configured for the service. */
export class RatingServiceNotConfiguredError extends AppError {
  constructor(title: string, service: string) {
    super(503, title, `${service} is not configured on the server (missing API key)`);
  }
}

/** The service failed, answered garbage or did not answer in time. */
export class RatingServiceUnavailableError extends AppError {
  constructor(service: string, reason: string) {
    super(503, 'Rating service unavailable', `${service} did not answer: ${reason}`);
  }
}

export class PlaceNotFoundError extends NotFoundError {
  constructor(title: string, message: string) {
    super(message, title);
  }
}

/** GET with a timeout; network errors and timeouts become RatingServiceUnavailableError. */
export async function fetchJson(service: string, url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const name = (err as Error).name;
    throw new RatingServiceUnavailableError(service, name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : 'network error');
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    if (res.ok) throw new RatingServiceUnavailableError(service, 'answer is not JSON');
  }
  return { status: res.status, body };
}

/** A count from a number or a numeric string (TripAdvisor sends strings); anything else is 0. */
export function toCount(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.trunc(n) : 0;
}

export function toRating(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
