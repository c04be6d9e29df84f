import { randomUUID } from 'node:crypto';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { InvalidEventDataError } from '@tbo/event-schemas';
import { AppError } from '../errors/app-error';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { errorEnvelope, STATUS_TITLES, type Envelope } from './envelope';
import { asOctoErrorBody, isOctoPath, octoErrorOf } from './octo-paths';

/** Turns whatever was thrown into the envelope. Unknown errors are logged with an id and never leak detail. */
export function toErrorEnvelope(err: unknown, log: Logger): Envelope {
  if (err instanceof AppError) {
    return errorEnvelope(err.code, err.title, err.message, err.details ? { errors: err.details } : null);
  }
  if (err instanceof InvalidEventDataError) {
    // The event schemas are the last gate: an input the module's own schema let through is still refused
    // before it is stored. Logged, because the module's input schema should have said so with a field message.
    log.warn(`Input refused by the event schema of ${err.eventType}: ${err.issues.join('; ')}`);
    return errorEnvelope(422, 'Unprocessable request', `The change cannot be saved: ${err.issues.join('; ')}`);
  }
  if (isPostgresDataError(err)) {
    // A value Postgres refuses (out of range, bad text): the input schemas should have caught it, so it is
    // logged as an error, but the caller still gets a 4xx and nothing was written (the statement failed).
    const id = randomUUID();
    log.error(`Postgres refused a value ${id}: ${(err as Error).stack ?? String(err)}`);
    return errorEnvelope(400, 'Bad request', `A value in the request is outside what this field accepts (reference ${id}).`);
  }
  if (err instanceof WrongExpectedRevisionError) {
    return errorEnvelope(409, 'Conflict', 'This item was changed by someone else in the meantime. Reload it and try again.');
  }
  // The Express adapter wraps body-parser's SyntaxError in a BadRequestException: its parser message (a position,
  // a token) says less to a caller than ours.
  const parsed = err instanceof HttpException ? (err.cause as BodyParserError | undefined) : undefined;
  if (parsed?.type === 'entity.parse.failed') return unreadableBody(parsed);
  if (parsed?.type === 'entity.too.large') return tooLarge(parsed);
  if (typeof parsed?.code === 'string' && /^(Z_|ERR__|ZSTD_)/.test(parsed.code)) {
    // zlib's codes (gzip and deflate Z_…, brotli ERR__…, zstd ZSTD_…) for a body sent compressed that is not: its
    // words ('incorrect header check', 'Unknown frame descriptor') say little.
    return errorEnvelope(400, 'Bad request', 'The request body could not be decompressed: it is not valid gzip, deflate, brotli or zstd');
  }
  if (isPostgresBusy(err)) {
    // Out of connections, or the database starting or shutting down: nothing was written, and a retry will do.
    log.warn(`Postgres is busy: ${(err as Error).message}`);
    return errorEnvelope(503, 'Service unavailable', 'The service is busy. Please try again in a moment.');
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const body = err.getResponse();
    const raw = typeof body === 'string' ? body : (body as { message?: string | string[] }).message;
    const message = Array.isArray(raw) ? raw.join('; ') : (raw ?? err.message);
    return errorEnvelope(status, STATUS_TITLES[status] ?? `Error ${status}`, status === 404 && /^Cannot /.test(message) ? 'Not found' : message);
  }
  const bodyParser = err as BodyParserError;
  if (bodyParser?.type === 'entity.parse.failed') return unreadableBody(bodyParser);
  if (bodyParser?.type === 'entity.too.large') return tooLarge(bodyParser);
  if (bodyParser?.expose && bodyParser.status && bodyParser.status >= 400 && bodyParser.status < 500) {
    return errorEnvelope(bodyParser.status, STATUS_TITLES[bodyParser.status] ?? 'Bad request', (err as Error).message);
  }
  const id = randomUUID();
  log.error(`Unhandled error ${id}: ${(err as Error)?.stack ?? String(err)}`);
  return errorEnvelope(500, 'Server error', `Something went wrong on our side. It was logged with reference ${id}.`);
}

/** What body-parser's errors carry: the kind, the status, the limit passed, the raw body it could not take. */
interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
  expose?: boolean;
  body?: unknown;
  /** zlib's code (Z_DATA_ERROR…) when a compressed body could not be inflated. */
  code?: string;
}

/** A JSON body that could not be read: not JSON at all, or JSON that is no object or list (`null`, `"text"`, `1`). */
function unreadableBody(e: BodyParserError): Envelope {
  const raw = typeof e.body === 'string' ? e.body.trimStart() : '';
  const notObject = raw !== '' && !/^[[{]/.test(raw);
  return errorEnvelope(400, 'Bad request', notObject ? 'The request body must be a JSON object' : 'The request body is not valid JSON');
}

const tooLarge = (e: BodyParserError): Envelope => errorEnvelope(413, 'Payload too large', `The request body is larger than the limit of ${e.limit} bytes`);

/**
 * SQLSTATE class 53 (insufficient resources: too many connections, out of memory or disk), 57P03 (cannot connect
 * now: starting up), or the pool giving up waiting for a connection.
 */
function isPostgresBusy(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && typeof e.severity === 'string' && (/^53[0-9A-Z]{3}$/.test(e.code) || e.code === '57P03')) return true;
  return typeof e.message === 'string' && /^(timeout exceeded when trying to connect|Knex: Timeout acquiring a connection)/.test(e.message);
}

/** SQLSTATE class 22 (data exception): numeric or date out of range, invalid text, untranslatable character. */
function isPostgresDataError(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown } | null;
  return !!e && typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}

@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('Errors');

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const envelope = toErrorEnvelope(err, this.log);
    if (res.headersSent) {
      // A file already under way (an export's rows failing midway): cut the connection, so the download fails
      // rather than ending cleanly as a truncated file the caller takes for whole.
      res.destroy();
      return;
    }
    if (isOctoPath(host.switchToHttp().getRequest<Request>().path)) {
      // OCTO's error shape, not the envelope: an exception that carries one already keeps it.
      const octo = (err instanceof HttpException && asOctoErrorBody(err.getResponse())) || octoErrorOf(envelope);
      res.status(envelope.Code).json(octo);
      return;
    }
    if (envelope.Code === 503) res.setHeader('Retry-After', '5');
    res.status(envelope.Code).json(envelope);
  }
}
