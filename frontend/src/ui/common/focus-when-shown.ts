/**
 * Puts the focus on the first element a selector finds inside `root` once it is on the page: after an inline editor
 * closes, the keyboard user goes on from the row or button that opened it instead of from the top of the page. The
 * element may appear a render later (a saved row), so it is looked for over a few frames.
 */
export function focusWhenShown(root: () => ParentNode | null, selectors: readonly string[], frames = 10): void {
  const tryNow = (left: number) => {
    const scope = root();
    const target = scope && selectors.map((s) => scope.querySelector<HTMLElement>(s)).find(Boolean);
    if (target) target.focus();
    else if (left > 0) requestAnimationFrame(() => tryNow(left - 1));
  };
  requestAnimationFrame(() => tryNow(frames));
}
