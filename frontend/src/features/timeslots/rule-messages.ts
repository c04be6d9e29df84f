import type { RefinementCtx } from 'zod';
import { TIME_SLOT_MESSAGES, type FieldProblems } from '@tbo/scheduling/src/pure/time-slot-rules.pure';

/**
 * The rules of groups and slots are the server's own pure file (time-slot-rules.pure.ts); the forms run them and
 * show their messages in the interface language: each message of the rules has the key `errors.<its name>` in the
 * timeslots namespace (the English texts are the rules' own, checked by timeslots-locales.spec.ts).
 */
export type RuleMessageName = keyof typeof TIME_SLOT_MESSAGES;
const NAME_OF = new Map<string, RuleMessageName>(Object.entries(TIME_SLOT_MESSAGES).map(([name, text]) => [text, name as RuleMessageName]));

export type Translate = (key: string) => string;

/** A rule's message in the interface language; a message the rules do not know is shown as it is. */
export function translateRuleMessage(message: string, t: Translate): string {
  const name = NAME_OF.get(message);
  return name ? t(`errors.${name}`) : message;
}

/** Puts the rules' problems on the form's fields (`pathOf` maps a rule's field to the form's; null leaves it out). */
export function addProblems(problems: FieldProblems, ctx: RefinementCtx, t: Translate, pathOf: (field: string) => string | null = (f) => f): void {
  for (const [field, messages] of Object.entries(problems)) {
    const path = pathOf(field);
    if (!path) continue;
    for (const m of messages) ctx.addIssue({ code: 'custom', path: [path], message: translateRuleMessage(m, t) });
  }
}
