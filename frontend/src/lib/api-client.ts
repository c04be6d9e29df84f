import type { z } from 'zod';
import { decrementLoading, incrementLoading } from '../app/loading/loading';
import { notify } from '../app/notifications/notifications';
import { serverFailureReference } from '../app/notifications/support-reference';
import { translateServerContent, translateServerMessage, type Translate } from '../app/forms/server-messages';
import i18n from '../i18n/i18n';
import { SESSION_EXPIRED, signOut, tokenHasExpired } from './auth-session';
import { getToken } from './auth-token';
import { fileNameFromContentDisposition } from './content-disposition';

export { fileNameFromContentDisposition };

/**
 * The shared call (spec 01 §7, §8): JSON with the bearer token from local storage; the answer is the envelope
 * {IsOk, Code, Content, ErrorTitle, ErrorMessage} and its Content is returned. Around every call the loading counter
 * goes up and down. A failure adds an error notification (title = ErrorTitle or the status code, body =
 * ErrorMessage) unless `silent`, and throws ApiError. A 401 signs the user out with 'Unauthorized' instead (the
 * sign-in page shows that message).
 */
export class ApiError extends Error {
  /** The HTTP status (the envelope's Code); 0 for a network failure or an aborted call. */
  code: number;
  /** The envelope's ErrorTitle, or the status code as text. */
  title: string;
  /** The envelope's Content of a failed answer (e.g. validation details), when there is one. */
  content: unknown;

  constructor(code: number, title: string, message: string, content: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.title = title;
    this.content = content;
  }
}

export interface Envelope<T> {
  IsOk: boolean;
  Code: number;
  Content: T | null;
  ErrorTitle: string | null;
  ErrorMessage: string | null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions {
  /** No error notification (the caller shows the error itself). The 401 sign-out still happens. */
  silent?: boolean;
  signal?: AbortSignal;
  /** No page-wide spinner: a call the user keeps typing through (the header search) must not cover the page. */
  background?: boolean;
  /** Sent as Idempotency-Key: a repeat of the same command (a double click, a retry) gets the first answer. */
  idempotencyKey?: string;
}

/** The message a 401 leaves on the session (spec 01 §4, §8). */
export const UNAUTHORIZED = 'Unauthorized';

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return !!value && typeof value === 'object' && 'IsOk' in value && 'Code' in value;
}

function headers(token: string | null, json: boolean, idempotencyKey?: string): Headers {
  // The interface language: the API writes exports (bookings.xlsx, ...) in it.
  const h = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language });
  if (json) h.set('Content-Type', 'application/json');
  if (token) h.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) h.set('Idempotency-Key', idempotencyKey);
  return h;
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (err instanceof DOMException && err.name === 'AbortError');
}

/** A known server text in the interface language; null (a key without text) keeps the API's own words. */
const serverText: Translate = (key, values) => (i18n.exists(`server-messages:${key}`) ? i18n.t(`server-messages:${key}`, values) : null);
const say = (text: string) => translateServerMessage(text, serverText);
/** A text the API sent inside an answer (a refused import row's reason, say) in the interface language, when known. */
export const serverMessage = say;

/**
 * A failed answer: notify (unless silent), sign out on 401 when we had sent a token, and build the error. Its
 * title, message and field messages are translated here, once, so every page and notification shows them alike.
 */
function fail(status: number, body: unknown, sentToken: string | null, silent: boolean | undefined, statusText: string): ApiError {
  const env = isEnvelope(body) ? body : null;
  const code = env?.Code || status;
  const title = say(env?.ErrorTitle || String(code));
  // An unexpected failure's sentence carries the reference it was logged with: said in the interface language, and
  // the notification shows the reference short with a button that copies it whole.
  const reference = serverFailureReference(env?.ErrorMessage);
  const message = reference ? i18n.t('shell:errors.serverFailure', { reference }) : say(env?.ErrorMessage || statusText || title);
  // A 401 for a signed-in caller means the token is no good any more: sign out with 'Unauthorized', which the
  // sign-in page (where the guard sends the user) shows, so no notification repeats it. Without a token (the
  // sign-in call itself) there is nobody to sign out and it is an ordinary failure. A token that has expired by now
  // (the expiry timer had not fired yet: a sleeping laptop) is said as such.
  if (code === 401 && sentToken) signOut(tokenHasExpired(sentToken) ? SESSION_EXPIRED : UNAUTHORIZED);
  else if (!silent) notify({ title, message, kind: 'error', ...(reference ? { reference } : {}) });
  return new ApiError(code, title, message, translateServerContent(env?.Content ?? null, serverText));
}

/**
 * A technical detail for a developer (the browser's own words, a schema mismatch), kept off the screen: the person
 * reads a sentence in the interface language instead.
 */
function logDetail(what: string, detail: unknown): void {
  // eslint-disable-next-line no-console -- the one place the client keeps a failure's technical detail
  console.warn(`[api] ${what}:`, detail);
}

/** What a person reads for a call that never got an answer (the browser says 'Failed to fetch' or the like). */
export function networkFailureText(err: unknown): string {
  logDetail('network failure', err);
  return i18n.t('server-messages:client.network');
}

function networkFailure(err: unknown, silent: boolean | undefined, signal?: AbortSignal): ApiError {
  if (isAbort(err, signal)) return new ApiError(0, 'Aborted', (err as Error)?.message || 'Aborted');
  const message = networkFailureText(err);
  const title = i18n.t('shell:errors.network');
  if (!silent) notify({ title, message, kind: 'error' });
  return new ApiError(0, title, message);
}

function url(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return path.startsWith('/') ? path : `/${path}`;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, opts: ApiRequestOptions = {}): Promise<T> {
  const token = getToken();
  const hasBody = body !== undefined && method !== 'GET';
  if (!opts.background) incrementLoading();
  try {
    let res: Response;
    try {
      res = await fetch(url(path), {
        method,
        headers: headers(token, hasBody, opts.idempotencyKey),
        body: hasBody ? JSON.stringify(body) : undefined,
        signal: opts.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      throw networkFailure(err, opts.silent, opts.signal);
    }
    let data: unknown;
    try {
      data = await readJson(res);
    } catch (err) {
      throw networkFailure(err, opts.silent, opts.signal);
    }
    if (!res.ok || (isEnvelope(data) && !data.IsOk)) throw fail(res.status, data, token, opts.silent, res.statusText);
    return (isEnvelope(data) ? data.Content : data) as T;
  } finally {
    if (!opts.background) decrementLoading();
  }
}

/**
 * A call whose answer is checked against its zod schema (the shapes the server's pure files define), so a changed
 * server shape fails here, loudly and once, instead of as `undefined` deep in a screen. A mismatch is notified
 * (unless silent) as 'Unexpected answer from the server' with a sentence in the interface language (the call and the
 * first field that differed go to the console), and thrown as ApiError code 0, like a network failure: nothing the
 * page can fix by retrying the same input.
 */
export async function apiCall<S extends z.ZodType>(schema: S, method: HttpMethod, path: string, body?: unknown, opts: ApiRequestOptions = {}): Promise<z.output<S>> {
  const answer = await apiRequest<unknown>(method, path, body, opts);
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join('.') || '(answer)'}: ${issue.message}` : '';
  const title = i18n.t('shell:errors.unexpectedAnswer');
  logDetail('unexpected answer', `${method} ${path.split('?')[0]} ${where}`.trim());
  const message = i18n.t('server-messages:client.unexpectedAnswer');
  if (!opts.silent) notify({ title, message, kind: 'error' });
  throw new ApiError(0, title, message);
}

/**
 * The file-download variant (spec 01 §7): POSTs JSON and returns the answer as a blob with the file name from
 * content-disposition. An error answer is the JSON envelope and is handled as apiRequest handles it.
 */
export async function apiDownload(path: string, body: unknown, opts: ApiRequestOptions = {}): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  incrementLoading();
  try {
    let res: Response;
    try {
      res = await fetch(url(path), { method: 'POST', headers: headers(token, true), body: JSON.stringify(body ?? {}), signal: opts.signal, credentials: 'same-origin' });
    } catch (err) {
      throw networkFailure(err, opts.silent, opts.signal);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      const data = await readJson(res).catch(() => null);
      if (res.ok && isEnvelope(data) && data.IsOk) throw fail(500, { ...data, IsOk: false, ErrorMessage: i18n.t('server-messages:client.noFile') }, token, opts.silent, '');
      throw fail(res.status, data, token, opts.silent, res.statusText);
    }
    try {
      const blob = await res.blob();
      return { blob, fileName: fileNameFromContentDisposition(res.headers.get('content-disposition')) };
    } catch (err) {
      throw networkFailure(err, opts.silent, opts.signal);
    }
  } finally {
    decrementLoading();
  }
}

/** Saves a downloaded blob under its file name (a temporary object URL and a click). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
