import type { CopiedMessages, Template, ValueKind } from './copied-message-types';

/**
 * Copies of what a call to an external provider answers when it fails (connectivity's octo-errors.ts, titled
 * 'External provider'): a supplier's admin sees them on the time slots page. Part of COPIED_MESSAGES
 * (server-message-copies.ts says how copies are checked). The provider's own words (`detail`) stay as it sent them.
 */

/**
 * describeTimeout of octo-config.ts in whole seconds ('3 seconds', '1 second'); a fraction ('0.5 seconds') is kept as
 * the API words it. Digits only, so the pattern never takes a whole sentence that ends in 'seconds'.
 */
const DURATION: Template = { values: { seconds: 'number', s: { choice: ['', 's'] } }, say: ({ seconds, s }) => `${seconds} second${s}` };
const duration: ValueKind = { message: DURATION, key: 'providerCalls.duration' };

export const PROVIDER_CALL_COPIES: readonly CopiedMessages[] = [
  {
    prefix: 'providerCalls',
    files: ['modules/connectivity/src/octo/octo-errors.ts', 'modules/connectivity/src/octo/octo-config.ts'],
    messages: {
      duration: DURATION,
      unreachable: { values: { host: 'text' }, say: ({ host }) => `The provider could not be reached at ${host}. Check its base URL.` },
      timeout: { values: { time: duration }, say: ({ time }) => `The provider did not answer within ${time}` },
      refusedKey: { values: { status: 'number', detail: 'rest' }, say: ({ status, detail }) => `The provider refused the API key (HTTP ${status})${detail}` },
      httpError: { values: { status: 'number', detail: 'rest' }, say: ({ status, detail }) => `The provider answered with an error (HTTP ${status})${detail}` },
      malformed: { values: { what: 'text', reason: 'text' }, say: ({ what, reason }) => `The provider's answer is not a valid OCTO ${what} (${reason})` },
      noProduct: { values: { productId: 'text' }, say: ({ productId }) => `The provider has no product '${productId}'` },
      noOption: { values: { productId: 'text', optionId: 'text' }, say: ({ productId, optionId }) => `The provider's product '${productId}' has no option '${optionId}'` },
    },
  },
];
