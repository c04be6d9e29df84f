import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** POST /api/auth/signin (spec 01 §7). */
export interface SignInRequest {
  email: string;
  password: string;
  returnUrl: string;
}

/** The answer of sign-in and log-me-in: a signed token (its claims are read by lib/jwt). */
export const tokenAnswer = z.object({ token: z.string().min(1) });
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/** Silent: the sign-in form shows the error itself ('Wrong email of password'). */
export function signInRequest(body: SignInRequest): Promise<TokenAnswer> {
  return apiCall(tokenAnswer, 'POST', '/api/auth/signin', body, { silent: true });
}

/** GET /api/auth/logmein?email= (admin): a token for that user. */
export function logMeInRequest(email: string): Promise<TokenAnswer> {
  return apiCall(tokenAnswer, 'GET', `/api/auth/logmein?email=${encodeURIComponent(email)}`);
}
