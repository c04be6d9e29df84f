import { decrementLoading, incrementLoading } from '../../../app/loading/loading';

/**
 * Whether the API still takes a token (the admin's own session kept by log-me-in, see lib/auth-session-return.ts):
 * a small read any signed-in user may make, GET /api/countries/options, sent with that token instead of the
 * session's. Only a 401 says no (a changed password, a deactivated admin, an expired token); a network failure throws.
 */
export async function tokenStillAccepted(token: string): Promise<boolean> {
  incrementLoading();
  try {
    const res = await fetch('/api/countries/options', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'omit' });
    return res.status !== 401;
  } finally {
    decrementLoading();
  }
}
