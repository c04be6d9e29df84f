/** A box on screen, as getBoundingClientRect() gives it (window coordinates). */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The button's place in styles/shell.css: 44 px round, 24 px from the bottom right corner. */
export const BACK_TO_TOP_SIZE = 44;
export const BACK_TO_TOP_MARGIN = 24;
/** The room left between the button and a bar it rises above. */
export const BACK_TO_TOP_GAP = 12;

/**
 * The button's distance from the window's bottom edge: null where it keeps its own place (no bar in its corner),
 * else just above the highest bar that reaches into the corner it would cover (a sticky save bar on a phone, or on
 * any window narrower than the form). A bar that is off screen, empty, or ends above the button is no bar here.
 */
export function backToTopBottom(bars: readonly Box[], view: { width: number; height: number }): number | null {
  const corner: Box = {
    top: view.height - BACK_TO_TOP_MARGIN - BACK_TO_TOP_SIZE,
    bottom: view.height - BACK_TO_TOP_MARGIN,
    left: view.width - BACK_TO_TOP_MARGIN - BACK_TO_TOP_SIZE,
    right: view.width - BACK_TO_TOP_MARGIN,
  };
  let bottom: number | null = null;
  for (const bar of bars) {
    const covers = bar.bottom > bar.top && bar.top < view.height && bar.bottom > corner.top && bar.top < corner.bottom && bar.right > corner.left && bar.left < corner.right;
    if (covers) bottom = Math.max(bottom ?? 0, view.height - bar.top + BACK_TO_TOP_GAP);
  }
  return bottom;
}
