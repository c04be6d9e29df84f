import type { CopiedMessages } from './copied-message-types';

/**
 * Copies of the envelope filter's own words: a busy database (503), a body it could not unpack, one over the limit.
 * Part of COPIED_MESSAGES (server-message-copies.ts says how copies are checked).
 */
export const SERVICE_MESSAGE_COPIES: readonly CopiedMessages[] = [
  {
    prefix: 'service',
    files: ['modules/kernel/src/http/envelope.filter.ts'],
    messages: {
      busy: 'The service is busy. Please try again in a moment.',
      notDecompressed: 'The request body could not be decompressed: it is not valid gzip, deflate, brotli or zstd',
      bodyTooLarge: (n) => `The request body is larger than the limit of ${n} bytes`,
    },
  },
];
