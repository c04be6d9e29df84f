import type { PipeTransform } from '@nestjs/common';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { idParam } from './input-rules';

/**
 * `@Param('id', IdPipe)`: a path id within Postgres's integer range, else a 400 envelope. Nest's ParseIntPipe
 * lets 3000000000 through, which Postgres then refuses with a 500.
 */
export const IdPipe: PipeTransform<unknown, number> = new ZodValidationPipe(idParam('id'));
