/**
 * A route id segment (spec 01 §2): 'add' in any case means a new item, id 0; otherwise the segment is read as a
 * number. Anything that is not a whole, non-negative number (empty, '12abc', '1.5', '-3', missing) gives null,
 * so a page can tell "new" (0), "this id" (n) and "no such route" (null) apart and redirect on null.
 */
export function parseRouteId(segment: string | null | undefined): number | null {
  if (segment == null) return null;
  const text = segment.trim();
  if (text.toLowerCase() === 'add') return 0;
  if (!/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** True when the segment means a new item ('add' in any case, or 0). */
export function isNewRouteId(segment: string | null | undefined): boolean {
  return parseRouteId(segment) === 0;
}
