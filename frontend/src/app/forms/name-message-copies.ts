import type { CopiedMessages, ValueKind } from './copied-message-types';

/**
 * Copies of the refusals of names held on their reservation streams (kernel UniqueNames): the platform's reference
 * data, language codes and agencies. Part of COPIED_MESSAGES (server-message-copies.ts says how copies are checked).
 */

/** The kinds of reference item a taken name names (the labels of save-reference-item.handler.ts). */
export const REFERENCE_KIND_NAMES = { city: 'city', region: 'region', hotel: 'hotel', tourCategory: 'tour category', ticketType: 'ticket type' } as const;
const referenceKind: ValueKind = { oneOf: REFERENCE_KIND_NAMES, prefix: 'referenceKinds' };

export const NAME_MESSAGE_COPIES: readonly CopiedMessages[] = [
  { prefix: 'referenceKinds', files: ['modules/reference/src/items/save-reference-item.handler.ts'], messages: REFERENCE_KIND_NAMES },
  {
    prefix: 'names',
    files: ['modules/reference/src/items/save-reference-item.handler.ts', 'modules/reference/src/languages/save-language.handler.ts', 'modules/identity/src/tenants/register-tenant.handler.ts'],
    messages: {
      referenceNameTaken: { values: { kind: referenceKind, name: 'text' }, say: ({ kind, name }) => `A ${kind} named '${name}' already exists` },
      languageCodeTaken: { values: { code: 'text' }, say: ({ code }) => `A language with code '${code}' already exists` },
      agencyNameTaken: { values: { name: 'text' }, say: ({ name }) => `An agency named '${name}' already exists` },
    },
  },
];
