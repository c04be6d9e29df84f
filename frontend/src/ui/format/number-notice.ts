import type { NumberBounds } from './number';

/**
 * Why a number field did not take what was typed as typed. The field refuses a character (a decimal point in a whole
 * number, a letter) or moves a value into its bounds; without a word about it, '1.5' typed into a whole-number field
 * reads '15' and a minimum of -23 silently replaces -24.
 */
export type NumberNotice =
  | { kind: 'whole' }
  | { kind: 'decimals'; n: number }
  | { kind: 'negative' }
  | { kind: 'digits' }
  | { kind: 'max'; max: number }
  | { kind: 'min'; min: number };

/** The notice for a refused text: `typed` is the input's text after the keystroke or paste the field took back. */
export function refusedNumberNotice(typed: string, { min = 0, decimals = 2 }: NumberBounds): NumberNotice {
  const s = typed.trim().replace(',', '.');
  const [whole = '', fraction] = s.split('.');
  if (min >= 0 && s.includes('-')) return { kind: 'negative' };
  if (/^-?\d*$/.test(whole) && fraction !== undefined && /^\d*$/.test(fraction) && s.indexOf('.') === s.lastIndexOf('.')) {
    return decimals === 0 ? { kind: 'whole' } : { kind: 'decimals', n: decimals };
  }
  return { kind: 'digits' };
}

/** The notice for a value the field moved into its bounds, or null when it kept the value. */
export function clampedNumberNotice(before: number, after: number): NumberNotice | null {
  if (after === before) return null;
  return after < before ? { kind: 'max', max: after } : { kind: 'min', min: after };
}
