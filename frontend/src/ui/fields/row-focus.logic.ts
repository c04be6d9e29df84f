/**
 * Where the focus goes after row `removed` of a list of `countBefore` rows is removed (by its own Remove button,
 * which goes with it): the row that took its place (the next one), else the one before it, else null for the list's
 * Add button. Without this the focus drops to <body>: a screen reader loses its place, the next Tab starts from the
 * top of the page (or, in a modal, jumps to its first control).
 */
export function focusAfterRemoval(removed: number, countBefore: number): number | null {
  if (removed < countBefore - 1) return removed;
  return removed > 0 ? removed - 1 : null;
}
