/**
 * The API keys' rules and wording, shared by the API and the browser (which says them in its language).
 */
export const RESELLER_KEY_MESSAGES = {
  notFound: 'API key not found or you are not allowed to manage it',
  name: 'Key name is required',
  nameLength: 'Key name is at most 100 characters',
  /** The guard's answers (OCTO's error body): deliberately one wording for an unknown, malformed or revoked key. */
  badKey: 'The API key is missing, invalid or revoked',
  noKey: 'Send the API key in the Authorization header: Bearer <key>',
  contractSuspended: "The agency's contract with this supplier is suspended",
} as const;

export const RESELLER_KEY_LIMITS = { name: 100 } as const;

/** What every key starts with: lets a leaked key be recognised by secret scanners and people alike. */
export const RESELLER_KEY_PREFIX = 'tbo_';
/** How many of the key's first characters lists show (the prefix included). */
export const RESELLER_KEY_SHOWN_CHARS = 8;
