import { z } from 'zod';
import { baseUrlProblem, EXTERNAL_PROVIDER_LIMITS, EXTERNAL_PROVIDER_MESSAGES, isApiKeyText } from '@tbo/connectivity/src/providers/external-provider-rules.pure';
import type { ExternalProvider } from '../api/external-provider.schema';
import type { ExternalProviderPayload } from '../api/save-external-provider';

/** The provider form. The API key is typed only: it is never filled from the server (an edit keeps it when left empty). */
export interface ProviderForm {
  name: string;
  baseUrl: string;
  apiKey: string;
}

export const EMPTY_PROVIDER_FORM: ProviderForm = { name: '', baseUrl: '', apiKey: '' };

export const LIMITS = EXTERNAL_PROVIDER_LIMITS;

/** Which message key of the API's rules (EXTERNAL_PROVIDER_MESSAGES) a message is, so the form says it in its language. */
export type RuleKey = keyof typeof EXTERNAL_PROVIDER_MESSAGES;

function ruleKeyOf(message: string): RuleKey {
  const found = (Object.keys(EXTERNAL_PROVIDER_MESSAGES) as RuleKey[]).find((k) => EXTERNAL_PROVIDER_MESSAGES[k] === message);
  return found ?? 'baseUrlHttp';
}

/**
 * The form's checks, the API's own rules (the same pure file) worded by `say`: name and base URL required, the base
 * URL an http(s) address without credentials, query or fragment; the API key required for a new provider and, when
 * typed, printable characters without spaces.
 */
export function buildProviderSchema(isNew: boolean, say: (key: RuleKey | 'tooLong', max?: number) => string) {
  return z
    .object({
      name: z.string(),
      baseUrl: z.string(),
      apiKey: z.string(),
    })
    .superRefine((v, ctx) => {
      const name = v.name.trim();
      if (!name) ctx.addIssue({ code: 'custom', path: ['name'], message: say('name') });
      else if (name.length > LIMITS.name) ctx.addIssue({ code: 'custom', path: ['name'], message: say('tooLong', LIMITS.name) });
      const url = v.baseUrl.trim().length > LIMITS.baseUrl ? say('tooLong', LIMITS.baseUrl) : problemText(baseUrlProblem(v.baseUrl), say);
      if (url) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: url });
      const key = v.apiKey.trim();
      if (!key && isNew) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: say('apiKey') });
      else if (key.length > LIMITS.apiKey) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: say('tooLong', LIMITS.apiKey) });
      else if (key && !isApiKeyText(key)) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: say('apiKeyCharacters') });
    });
}

const problemText = (problem: string | null, say: (key: RuleKey) => string) => (problem ? say(ruleKeyOf(problem)) : null);

/** The form filled from a provider: never its key. */
export const toForm = (p: ExternalProvider | null): ProviderForm => (p ? { name: p.name, baseUrl: p.baseUrl, apiKey: '' } : EMPTY_PROVIDER_FORM);

/** What the save sends: a new provider with its key; an edit with its version, and a key only when one was typed. */
export function toPayload(values: ProviderForm, id: number, version: number | null): ExternalProviderPayload {
  const base = { id, name: values.name.trim(), baseUrl: values.baseUrl.trim() };
  const apiKey = values.apiKey.trim();
  if (id === 0) return { ...base, apiKey };
  return apiKey ? { ...base, apiKey, version } : { ...base, version };
}

/** The form's field of a server message key (the API names them as the form does). */
export const formPathOfServerField = (key: string): keyof ProviderForm | null => (key === 'name' || key === 'baseUrl' || key === 'apiKey' ? key : null);
