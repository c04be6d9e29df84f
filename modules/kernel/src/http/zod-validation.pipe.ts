import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError } from '../errors/app-error';

/**
 * Parses a body or query with zod. Field messages are the spec's wording where the schema
 * gives it; the envelope carries them all, keyed by field, and joined into ErrorMessage.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const details: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || '_';
      (details[field] ??= []).push(issue.message);
    }
    const message = Object.entries(details)
      .map(([field, msgs]) => (field === '_' ? msgs.join('; ') : msgs.map((m) => (m.includes(field) ? m : `${field}: ${m}`)).join('; ')))
      .join('; ');
    throw new ValidationError(message, details);
  }
}

export const zodPipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
