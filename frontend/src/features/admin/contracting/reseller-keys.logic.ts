import { z } from 'zod';
import { RESELLER_KEY_LIMITS } from '@tbo/connectivity/src/resellers/reseller-key-rules.pure';

/** The issue form: a name telling the key apart (the reseller's system, say). */
export interface IssueKeyForm {
  name: string;
}

export const KEY_NAME_MAX = RESELLER_KEY_LIMITS.name;

export const buildIssueKeySchema = (say: { name: string; tooLong: string }) =>
  z.object({
    name: z
      .string()
      .refine((v) => v.trim().length > 0, say.name)
      .refine((v) => v.trim().length <= KEY_NAME_MAX, say.tooLong),
  });

export const issueKeyPathOf = (key: string): keyof IssueKeyForm | null => (key === 'name' ? 'name' : null);

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (ISO) as DD.MM.YYYY HH:MM Dubai time (the business's clock, UTC+4 all year); '' when it is not one. */
export function keyTimeText(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + DUBAI_OFFSET_MS);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** How a list shows a key it never shows whole: its first characters and an ellipsis. */
export const maskedKey = (prefix: string) => `${prefix}…`;
