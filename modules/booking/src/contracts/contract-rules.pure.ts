/**
 * The contracting tab's rules and wording, shared by the API and the browser (which says them in its language).
 */
export const CONTRACT_MESSAGES = {
  notFound: 'Contract not found or you are not allowed to manage it',
  alreadySigned: 'This agency is already contracted: change its commission instead',
  commission: 'Commission must be a percent between 0 and 100 with at most 2 decimals',
  agencyNotFound: 'Agency not found',
  agencyNameTaken: 'An agency with this name already exists: sign it from the list of agencies instead',
} as const;

export const CONTRACT_LIMITS = { agencyName: 200, agentFullName: 200, agentEmail: 254 } as const;

/** Whole percent or hundredths, 0..100 (12.5 is a rate; 12.345 is a typo). Null: the valid period's commission. */
export function isCommission(value: number | null): boolean {
  if (value === null) return true;
  return Number.isFinite(value) && value >= 0 && value <= 100 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
