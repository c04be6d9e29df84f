import type { NextFunction, Request, Response } from 'express';
import { errorEnvelope } from '../http/envelope';
import { isOctoPath } from '../http/octo-paths';
import { findInputProblem, textProblem, type InputProblem } from './text-problems';

/**
 * The one input boundary every route passes, right after body parsing and before guards, pipes and the
 * idempotency hash: text with NUL or lone surrogates (in the path, the query or the body, keys included) and
 * bodies nested deeper than any form of ours are refused with a field message. Zod schemas then check each
 * field's type and range.
 */
export function inputGuard() {
  return (req: Request, res: Response, next: NextFunction): void => {
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
