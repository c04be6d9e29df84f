import type { NextFunction, Request, Response } from 'express';
import { errorEnvelope } from '../http/envelope';
import { isOctoPath } from '../http/octo-paths';
import { findInputProblem, textProblem, type InputProblem } from './text-problems';

/**
 * The one input boundary every route passes, right after body parsing and before guards, pipes and the
 * idempotency hash: text that textProblem refuses (NUL, lone surrogates, controls, direction overrides; in the path,
 * the query or the body, keys included) and bodies nested deeper than any form of ours are refused with a field
 * message. Zod schemas then check each field's type and range.
 */
export function inputGuard() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (isUnreadApiBody(req)) {
      res.status(415).json(errorEnvelope(415, 'Unsupported media type', FILE_IMPORT_PATH.test(req.path) ? API_FILE_BODY_MESSAGE : API_JSON_BODY_MESSAGE));
      return;
    }
    const problem = pathProblem(req) ?? findInputProblem(req.query, 4) ?? findInputProblem(req.body);
    if (!problem) return next();
    const message = problem.field ? `${problem.field}: ${problem.message}` : problem.message;
    // The OCTO supplier API answers the standard's error body, not the envelope (octo-paths.ts).
    if (isOctoPath(req.path)) {
      res.status(400).json({ error: 'BAD_REQUEST', errorMessage: message });
      return;
    }
    res.status(400).json(errorEnvelope(400, 'Validation error', message, { errors: { [problem.field || '_']: [problem.message] } }));
  };
}

export const API_JSON_BODY_MESSAGE = 'Send the request body as JSON, with the header Content-Type: application/json';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const API_FILE_BODY_MESSAGE = `Send the file as the request body, with the header Content-Type: ${XLSX_TYPE}`;

/**
 * The API reads JSON bodies only. A body of another type (text/plain, a form) is left unparsed, and a command would
 * then run as if nothing was sent: a cancel without its reason or its version check. It is refused instead, before
 * anything runs. (The OCTO routes answer the same in their own error shape: OctoJsonBodyGuard.)
 */
function isUnreadApiBody(req: Request): boolean {
  if (!req.path.startsWith('/api/')) return false;
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.is('application/json')) return false;
  // The file imports (an arrival list: POST /api/arrivals/import and its preview) read the file itself as the body.
  return !(FILE_IMPORT_PATH.test(req.path) && req.is(FILE_TYPES));
}

const FILE_IMPORT_PATH = /^\/api\/[a-z-]+\/import(?:\/preview)?\/?$/;
const FILE_TYPES = [XLSX_TYPE, 'application/octet-stream'];

function pathProblem(req: Request): InputProblem | null {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return { field: 'path', message: 'The address is not correctly encoded' };
  }
  const problem = textProblem(path);
  return problem ? { field: 'path', message: `The address ${problem}` } : null;
}
