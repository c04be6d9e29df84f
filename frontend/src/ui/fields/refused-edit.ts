/**
 * Where the selection was before an edit: the edit replaced `[start, end)` of `previous` with `inserted` (the
 * InputEvent's data) and left the caret at `caret` in `edited`. Without the data (a deletion, or a paste, whose
 * text Chrome does not give there), a longer text is taken as inserted at a caret and a shorter one as a deletion,
 * whose text is selected again.
 */
export function selectionBefore(previous: string, edited: string, caret: number, inserted: string | null): [number, number] {
  const added = inserted?.length ?? Math.max(0, edited.length - previous.length);
  const start = Math.min(previous.length, Math.max(0, caret - added));
  const removed = previous.length - (edited.length - added);
  return [start, Math.min(previous.length, start + Math.max(0, removed))];
}

/**
 * Takes back an edit a control refuses (a letter in a number, a minus where none is allowed): the text as it was,
 * and the selection as it was. Without the selection, React's controlled value puts the caret at the end, so after
 * Ctrl+A and a refused key the next digit is appended ('2' → '23') instead of replacing the text.
 */
export function refuseEdit(input: HTMLInputElement, previous: string, inserted: string | null): void {
  const [start, end] = selectionBefore(previous, input.value, input.selectionStart ?? input.value.length, inserted);
  input.value = previous;
  input.setSelectionRange(start, end);
}

/** The text an input event inserted, where the browser says (typing; not a paste or a deletion). */
export const insertedText = (event: Event): string | null => ('data' in event && typeof event.data === 'string' ? event.data : null);
