import { MAX_BODY_DEPTH } from './input-limits';

/** What is wrong with a piece of text Postgres would refuse (NUL) or cannot store as JSON (lone surrogates). */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (!value.isWellFormed()) return 'must not contain invalid characters (a lone UTF-16 surrogate)';
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
