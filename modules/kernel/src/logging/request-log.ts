import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's id is kept only if it is short and plain: it is written into every line of the request. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is sane (a proxy or client correlating its own logs), else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

type Request = IncomingMessage & { originalUrl?: string; user?: { email?: string } };

function requestLine(req: Request, res: ServerResponse, responseTime: number) {
  return {
    context: 'HTTP',
    method: req.method,
    // Without the query string: it can carry tokens (sign-in links) and personal data.
    path: (req.originalUrl ?? req.url ?? '').split('?')[0],
    status: res.statusCode,
    ms: responseTime,
    user: req.user?.email,
  };
}

/**
 * Express middleware: gives each request its id (echoed in the X-Request-Id response header), binds it to
 * every line logged while the request runs, and writes one line when the response is done. Headers and
 * bodies stay out of that line, so the Authorization header and cookies cannot leak through it.
 */
export function requestLog(logger: Logger): HttpLogger<Request, ServerResponse> {
  return pinoHttp<Request, ServerResponse>({
    logger,
    customAttributeKeys: { reqId: 'requestId' },
    // Only the id is bound to the request's logger, not pino-http's whole req/res dump with its headers.
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers['x-request-id']);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // A 5xx line is a warning: the cause of a real failure is logged as an error by the envelope filter (with its
    // stack and reference id), while an expected 503 (a rating service not configured) needs no alarm of its own.
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'warn' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, value: { responseTime: number }) => requestLine(req, res, value.responseTime),
    // The 500's stack is already logged by the envelope filter, with its reference id.
    customErrorObject: (req, res, _err, value: { responseTime: number }) => requestLine(req, res, value.responseTime),
  });
}
