import type { Envelope } from './envelope';

/**
 * The OCTO supplier API (/octo/...) speaks the OCTO standard, not the back office's envelope: its answers are the
 * standard's bodies as they are, and its errors `{ error: CODE, errorMessage }`. The connectivity module's own filter
 * renders what its routes throw; this is the fallback for what happens before or around them (an unknown /octo
 * route, a body that is not JSON, an unexpected failure).
 */
export function isOctoPath(path: string): boolean {
  return path === '/octo' || path.startsWith('/octo/');
}

export interface OctoErrorBody {
  error: string;
  errorMessage: string;
}

const OCTO_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'FORBIDDEN',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  422: 'UNPROCESSABLE_ENTITY',
  500: 'INTERNAL_SERVER_ERROR',
};

/** An OCTO error body already (what the reseller key guard throws), or null. */
export function asOctoErrorBody(body: unknown): OctoErrorBody | null {
  const b = body as Partial<OctoErrorBody> | null;
  return b && typeof b === 'object' && typeof b.error === 'string' && typeof b.errorMessage === 'string' ? { error: b.error, errorMessage: b.errorMessage } : null;
}

/** The envelope an error became, said the OCTO way. */
export function octoErrorOf(envelope: Envelope): OctoErrorBody {
  return { error: OCTO_CODES[envelope.Code] ?? (envelope.Code >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'), errorMessage: envelope.ErrorMessage ?? envelope.ErrorTitle ?? 'Error' };
}
