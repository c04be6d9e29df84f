/**
 * The sentence of an unexpected server failure (a 500 from the kernel's envelope filter,
 * modules/kernel/src/http/envelope.filter.ts, a copy the spec compares with it), which carries the reference the
 * error was logged with: a UUID, hard to read out to support. A notification shows its first characters and a
 * button that copies it whole.
 */
const SERVER_FAILURE = /^Something went wrong on our side\. It was logged with reference ([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})\.$/i;

/** How many characters of a reference are shown (support finds the whole one by them). */
export const SHORT_REFERENCE_LENGTH = 8;

/** The reference of a server failure's message, or null for any other message. */
export function serverFailureReference(message: string | null | undefined): string | null {
  return SERVER_FAILURE.exec(message?.trim() ?? '')?.[1] ?? null;
}

/** The message as shown: the reference, wherever the (translated) message holds it, cut to its first characters. */
export function withShortReference(message: string, reference: string): { text: string; short: string } {
  const short = reference.slice(0, SHORT_REFERENCE_LENGTH);
  return { text: message.split(reference).join(short), short };
}
