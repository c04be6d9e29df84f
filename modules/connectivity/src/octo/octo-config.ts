/**
 * Settings of the calls to upstream OCTO providers, read from the environment on every call (not cached), so
 * tests can shorten the timeout and an operator can change it without a code change:
 *
 *   OCTO_TIMEOUT_MS   how long one call to a provider may take, answer body included; default 8000
 */
export interface OctoCallConfig {
  timeoutMs: number;
}

export const DEFAULT_OCTO_TIMEOUT_MS = 8000;
/** A call the editor waits for: longer than a minute is never what someone meant. */
const MAX_OCTO_TIMEOUT_MS = 60_000;

export function octoCallConfig(env: NodeJS.ProcessEnv = process.env): OctoCallConfig {
  const n = Number(env.OCTO_TIMEOUT_MS);
  return { timeoutMs: Number.isFinite(n) && n > 0 ? Math.min(Math.round(n), MAX_OCTO_TIMEOUT_MS) : DEFAULT_OCTO_TIMEOUT_MS };
}

/** 8000 → '8 seconds', 1000 → '1 second', 400 → '0.4 seconds': how the timeout message names it. */
export function describeTimeout(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
