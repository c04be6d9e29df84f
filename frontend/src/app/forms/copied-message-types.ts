/** The shapes of the copies of server texts (server-message-copies.ts and the files of its groups). */

/**
 * How a value is matched: digits; any text; any text or none (`rest`, an optional tail); a field's label as the
 * validation pipe puts it (no ':' or ';', never spanning its 'field: message; …' joins); one of a few fixed pieces
 * (`choice`, kept as they are: a plural 's'); a known message, said in turn; or one of a group of known texts
 * (`oneOf`, a group of COPIED_MESSAGES with its prefix), said in turn, else kept as the API words it.
 */
export type ValueKind = 'number' | 'text' | 'rest' | 'label' | { choice: readonly string[] } | { message: Message; key: string } | { oneOf: Readonly<Record<string, string>>; prefix: string };

/** A message with named values: `say` answers the English text with each value where the server puts it. */
export interface Template {
  values: Record<string, ValueKind>;
  say: (v: Record<string, string>) => string;
}

/** A fixed text; a text with one number (`{{n}}` in the translations); a text with named values. */
export type Message = string | ((n: number) => string) | Template;
export type Messages = Record<string, Message>;

export const template = (values: Template['values'], say: Template['say']): Template => ({ values, say });

/** One group of copies: the i18n prefix of its keys, the server files that say them, and the texts. */
export interface CopiedMessages {
  prefix: string;
  /** Repository-relative; every message is said by at least one of them. */
  files: readonly string[];
  messages: Messages;
}
