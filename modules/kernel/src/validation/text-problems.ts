import { MAX_BODY_DEPTH } from './input-limits';

/**
 * C0 controls but tab, line feed and carriage return; DEL; C1 controls. Nobody types them: they arrive pasted from
 * a PDF or a terminal, are invisible on screen, and would be printed as boxes on a voucher.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Left-to-right and right-to-left override (U+202D, U+202E): they force the order of every character that follows,
 * so a guest name holding one shows reversed and reorders the text printed after it ("Trojan source" spoofing).
 * Marks, embeddings and isolates, which mixed Arabic and Latin text does use, are accepted.
 */
const DIRECTION_OVERRIDE = /[\u202d\u202e]/;

/**
 * What is wrong with a piece of text: what Postgres would refuse (NUL), what cannot be stored as JSON (lone
 * surrogates), and the invisible characters above that no field of ours holds.
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (!value.isWellFormed()) return 'must not contain invalid characters (a lone UTF-16 surrogate)';
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (DIRECTION_OVERRIDE.test(value)) return 'must not contain direction override characters (U+202D, U+202E)';
  return null;
}

export interface InputProblem {
  /** Dotted path of the offending value (`itineraries.0.name`), '' for the whole input. */
  field: string;
  message: string;
}

/**
 * The first problem in a parsed JSON value: nesting deeper than `maxDepth`, or text (keys too) that
 * `textProblem` refuses. Iterative, so a hostile body nested 100,000 levels deep cannot overflow the stack.
 */
export function findInputProblem(root: unknown, maxDepth = MAX_BODY_DEPTH): InputProblem | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: root, path: [], depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: path.join('.'), message: problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { field: '', message: `The request is nested too deeply (at most ${maxDepth} levels)` };
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { field: [...path, '(key)'].join('.'), message: `Field names ${keyProblem}` };
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}
