import { Catch, type ArgumentsHost } from '@nestjs/common';
import type { Response } from 'express';
import { EnvelopeExceptionFilter } from '@tbo/kernel';
import { OctoProblem } from '../pure/octo-problem.pure';

/**
 * The OCTO routes' errors in the standard's shape: an OctoProblem as it is (400 with its code, its message and
 * the offending id), anything else by the kernel's filter, which answers OCTO's `{ error, errorMessage }` on
 * /octo paths (the key guard's 403 FORBIDDEN body included) and logs what it does not know.
 */
@Catch()
export class OctoExceptionFilter extends EnvelopeExceptionFilter {
  override catch(err: unknown, host: ArgumentsHost): void {
    if (err instanceof OctoProblem) {
      const res = host.switchToHttp().getResponse<Response>();
      if (res.headersSent) {
        res.end();
        return;
      }
      res.status(err.status).json(err.body);
      return;
    }
    super.catch(err, host);
  }
}
