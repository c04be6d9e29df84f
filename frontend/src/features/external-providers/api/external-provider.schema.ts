import { z } from 'zod';
import { numberOrNull, textOrNull } from '../../../lib/api-defaults';

/**
 * The shapes of /api/connectivity/providers as the API answers them. The API key is never answered: only
 * whether the provider has one.
 */

/** GET /api/connectivity/providers (one row) and GET /api/connectivity/providers/{id}. */
export const externalProviderSchema = z.object({ id: z.number(), name: z.string(), baseUrl: z.string(), hasApiKey: z.boolean(), version: numberOrNull });
export type ExternalProvider = z.output<typeof externalProviderSchema>;

/** What POST / PUT answer: the provider as stored, its new version and the position of its last event. */
export const savedExternalProviderSchema = externalProviderSchema.extend({ position: textOrNull });
export type SavedExternalProvider = z.output<typeof savedExternalProviderSchema>;

/** What DELETE answers. */
export const deletedExternalProviderSchema = z.object({ id: z.number(), isDeleted: z.literal(true), version: numberOrNull, position: textOrNull });
export type DeletedExternalProvider = z.output<typeof deletedExternalProviderSchema>;
