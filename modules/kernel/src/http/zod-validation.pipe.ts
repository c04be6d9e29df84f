import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationError } from '../errors/app-error';
import { issueMessage, repeatedParams } from './zod-issues';

/**
 * Parses a body, a query or a path parameter with zod. Field messages are the spec's wording where the schema
 * gives it; the envelope carries them all, keyed by field (a path parameter's by its name), each once, and joined
 * into ErrorMessage. A query parameter that takes one value but was sent twice (`?page=1&page=2`, which reaches
 * the schema as a list) is 'page must be given once': its type error would send the caller looking at the value
 * rather than at the repeat. A field left out is 'X is required' (zod would call it of the wrong type).
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<S> {
    const sent = value ?? {};
    const query = metadata?.type === 'query';
    // `@Param('x', pipe)` (and `@Query('x', pipe)`) parse one value: its issues are the parameter's.
    const own = metadata?.type === 'custom' ? undefined : metadata?.data;
    const root = own ? { [own]: value } : sent;
    const repeated = query ? repeatedParams(this.schema, sent, own) : [];
    const result = this.schema.safeParse(own ? value : sent);
    if (result.success && !repeated?.length) return result.data;
    const details: Record<string, string[]> = {};
    const say = (field: string, message: string) => {
      const messages = (details[field] ??= []);
      if (!messages.includes(message)) messages.push(message);
    };
    for (const name of repeated ?? []) say(name, `${name} must be given once`);
    for (const found of result.error?.issues ?? []) {
      const issue = own ? { ...found, path: [own, ...found.path] } : found;
      const field = issue.path.join('.') || '_';
      if (repeated?.includes(String(issue.path[0]))) continue;
      // Schemas whose fields cannot be read: a list where zod expected one value is a repeat all the same.
      if (!repeated && query && givenTwice(issue, root)) say(field, `${field} must be given once`);
      else say(field, issueMessage(issue, root));
    }
    const message = Object.entries(details)
      .map(([field, msgs]) => (field === '_' ? msgs.join('; ') : msgs.map((m) => (m.includes(field) ? m : `${field}: ${m}`)).join('; ')))
      .join('; ');
    throw new ValidationError(message, details);
  }
}

function givenTwice(issue: z.core.$ZodIssue, value: unknown): boolean {
  if (issue.path.length !== 1 || issue.code !== 'invalid_type' || issue.expected === 'array') return false;
  return Array.isArray((value as Record<PropertyKey, unknown> | null)?.[issue.path[0]!]);
}

export const zodPipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
