/** True when a key or click lands in one of our own controls, which the grid must leave alone. */
export const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, select, textarea, button, [contenteditable="true"]');
