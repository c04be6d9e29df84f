import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError } from '../errors/app-error';
import { idParam } from './input-rules';

const schemas = new Map<string, z.ZodType<number, string>>();

/**
 * `@Param('id', IdPipe)`: a path id within Postgres's integer range, else a 400 envelope naming the parameter
 * (`agencyId must be a positive whole number`, keyed `agencyId`). Nest's ParseIntPipe lets 3000000000 through,
 * which Postgres then refuses with a 500.
 */
export const IdPipe: PipeTransform<unknown, number> = {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    const name = metadata.data ?? 'id';
    let schema = schemas.get(name);
    if (!schema) schemas.set(name, (schema = idParam(name)));
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const messages = result.error.issues.map((i) => i.message);
    throw new ValidationError(messages.join('; '), { [name]: messages });
  },
};
