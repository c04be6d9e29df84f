/** Every answer of the API, errors included (spec 01 §7). */
export interface Envelope<T = unknown> {
  IsOk: boolean;
  Code: number;
  Content: T | null;
  ErrorTitle: string | null;
  ErrorMessage: string | null;
}

export function okEnvelope<T>(content: T, code = 200): Envelope<T> {
  return { IsOk: true, Code: code, Content: content, ErrorTitle: null, ErrorMessage: null };
}

export function errorEnvelope(code: number, title: string, message: string, content: unknown = null): Envelope {
  return { IsOk: false, Code: code, Content: content, ErrorTitle: title, ErrorMessage: message };
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};
