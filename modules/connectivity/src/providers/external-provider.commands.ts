import { z } from 'zod';
import { editedVersion, idOrZero, type CommandContext } from '@tbo/kernel';
import { EXTERNAL_PROVIDER_LIMITS, EXTERNAL_PROVIDER_MESSAGES, isApiKeyText } from './external-provider-rules.pure';

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * The provider form: the GET shape sent back (id 0 for a new provider; hasApiKey is ignored) plus `apiKey`, in
 * clear only on its way in. An empty or missing apiKey keeps the stored key. Required fields and URL rules are
 * the decider's, with the form's messages.
 */
export const saveExternalProviderInput = z
  .object({
    id: idOrZero('id')
      .nullish()
      .transform((v) => v ?? 0),
    name: text('Provider name', EXTERNAL_PROVIDER_LIMITS.name),
    baseUrl: text('Base URL', EXTERNAL_PROVIDER_LIMITS.baseUrl),
    apiKey: z
      .string({ message: 'API key must be text' })
      .max(EXTERNAL_PROVIDER_LIMITS.apiKey, `API key is at most ${EXTERNAL_PROVIDER_LIMITS.apiKey} characters`)
      .nullish()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || isApiKeyText(v), EXTERNAL_PROVIDER_MESSAGES.apiKeyCharacters),
    hasApiKey: z.boolean({ message: 'hasApiKey must be true or false' }).nullish(),
    version: editedVersion().nullish(),
    position: z.string().max(100).nullish(),
  })
  .strict();
export type SaveExternalProviderInput = z.output<typeof saveExternalProviderInput>;

export interface ExternalProviderFields {
  name: string;
  baseUrl: string;
  /** In clear; sealed by the handler before the decider sees it. Null keeps the stored key. */
  apiKey: string | null;
}

export class SaveExternalProviderCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly fields: ExternalProviderFields,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}

export class DeleteExternalProviderCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly context: CommandContext,
  ) {}
}
