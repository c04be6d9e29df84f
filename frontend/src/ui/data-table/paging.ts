/** One slot of the pager: a page button, or a gap standing for hidden pages. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; from: number; to: number };

const pages = (from: number, to: number): PageItem[] => Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'page', page: from + i }));

/**
 * Pager slots (spec 01 §9): every page when there are 10 or fewer; otherwise the first and last page,
 * the current page with two neighbours each side, and ellipsis gaps for the hidden groups, always 9 slots
 * so the pager does not jump about. A gap always hides at least two pages.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (!Number.isFinite(total) || total < 1) return [];
  const t = Math.trunc(total);
  if (t <= 10) return pages(1, t);
  const c = Math.min(Math.max(1, Math.trunc(current) || 1), t);
  if (c <= 5) return [...pages(1, 7), { kind: 'gap', from: 8, to: t - 1 }, { kind: 'page', page: t }];
  if (c >= t - 4) return [{ kind: 'page', page: 1 }, { kind: 'gap', from: 2, to: t - 7 }, ...pages(t - 6, t)];
  return [
    { kind: 'page', page: 1 },
    { kind: 'gap', from: 2, to: c - 3 },
    ...pages(c - 2, c + 2),
    { kind: 'gap', from: c + 3, to: t - 1 },
    { kind: 'page', page: t },
  ];
}

/** The page a gap jumps to: the middle of the hidden group. */
export const gapTarget = (gap: { from: number; to: number }): number => Math.floor((gap.from + gap.to) / 2);
