import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The messages the change-password form shows as they are (spec 01 §8: "the error is set to the server's message"). */
export const PASSWORD_MESSAGES = {
  required: 'Enter a new password',
  repeatRequired: 'Repeat the new password',
  currentRequired: 'Enter your current password',
  tooShort: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `The new password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  repeatMismatch: 'The new password and its repeat do not match',
  common: 'This password is one of the most common ones and easy to guess. Choose another one.',
  wrongCurrent: 'The current password is not correct',
} as const;

let common: ReadonlySet<string> | null = null;

/** The shipped list (common-passwords.txt), lower case; loaded once. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(join(__dirname, 'common-passwords.txt'), 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.toLowerCase()),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The rules a new password must meet, in the order a person fixes them: length (in characters,
 * so 'é' or an emoji counts once), then the repeat, then the common-password list. Answers the
 * first broken rule as { field, message }, or null when the password is acceptable. A missing
 * repeat (`undefined`) skips the repeat rule: the admin and command-line resets have none.
 */
export function checkNewPassword(password: string, repeat?: string): { field: 'password' | 'passwordRepeat'; message: string } | null {
  const length = [...password].length;
  if (length === 0) return { field: 'password', message: PASSWORD_MESSAGES.required };
  if (length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_MESSAGES.tooShort };
  if (length > PASSWORD_MAX_LENGTH) return { field: 'password', message: PASSWORD_MESSAGES.tooLong };
  if (repeat !== undefined && repeat !== password) return { field: 'passwordRepeat', message: PASSWORD_MESSAGES.repeatMismatch };
  if (isCommonPassword(password)) return { field: 'password', message: PASSWORD_MESSAGES.common };
  return null;
}
