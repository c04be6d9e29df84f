/**
 * Who a command was for, as the event's metadata records it (`userId`): a person's email, a `system:…` part of the
 * product (the seed, the document worker), or a reseller's API key (`reseller-key:<id>`, OCTO). Histories name the
 * key's calls 'Reseller API (OCTO)', as the lists and reports do, never the raw key.
 */
const RESELLER_PREFIX = 'reseller-key:';

export const resellerAuthor = (keyId: number): string => `${RESELLER_PREFIX}${keyId}`;
export const isResellerAuthor = (userId: string | null | undefined): boolean => !!userId && userId.startsWith(RESELLER_PREFIX);
export const RESELLER_AUTHOR_NAME = 'Reseller API (OCTO)';
