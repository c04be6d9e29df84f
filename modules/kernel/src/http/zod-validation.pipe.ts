import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError } from '../errors/app-error';

/**
 * Parses a body or query with zod. Field messages are the spec's wording where the schema
 * gives it; the envelope carries them all, keyed by field, and joined into ErrorMessage.
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const details: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || '_';
      (details[field] ??= []).push(givenTwice(issue, value, metadata) ? `${field} must be given once` : issue.message);
    }
    const message = Object.entries(details)
      .map(([field, msgs]) => (field === '_' ? msgs.join('; ') : msgs.map((m) => (m.includes(field) ? m : `${field}: ${m}`)).join('; ')))
      .join('; ');
    throw new ValidationError(message, details);
  }
}

/**
 * A query parameter sent twice (`?page=1&page=2`) reaches the schema as a list: its type error ('page must be a
 * number') would send the caller looking at the value rather than at the repeat.
 */
function givenTwice(issue: z.core.$ZodIssue, value: unknown, metadata?: ArgumentMetadata): boolean {
  if (metadata?.type !== 'query' || issue.path.length !== 1 || issue.code !== 'invalid_type' || issue.expected === 'array') return false;
  return Array.isArray((value as Record<PropertyKey, unknown> | null)?.[issue.path[0]!]);
}

export const zodPipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
