import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/signin (spec 01 §7). */
export interface SignInRequest {
  email: string;
  password: string;
  returnUrl: string;
}

export interface TokenAnswer {
  token: string;
}

/** Silent: the sign-in form shows the error itself ('Wrong email of password'). */
export function signInRequest(body: SignInRequest): Promise<TokenAnswer> {
  return apiRequest<TokenAnswer>('POST', '/api/auth/signin', body, { silent: true });
}

/** GET /api/auth/logmein?email= (admin): a token for that user. */
export function logMeInRequest(email: string): Promise<TokenAnswer> {
  return apiRequest<TokenAnswer>('GET', `/api/auth/logmein?email=${encodeURIComponent(email)}`);
}
