/**
 * ProseMirror marks what it copies with data-pm-slice ("openStart openEnd [context]") so that a paste of part of
 * a paragraph or list item joins the text it lands in instead of starting a new block. The sanitiser drops
 * every data-* attribute, so the marker is read before and put back on the first element after.
 */
const SLICE_ATTR = /\sdata-pm-slice\s*=\s*"(\d+ \d+(?: -\d+)? \[[^"<>]*\])"/i;

/** The pm-slice marker of copied HTML, when it has a well-formed one. */
export function sliceMarker(html: string): string | null {
  const marker = SLICE_ATTR.exec(html)?.[1];
  if (!marker) return null;
  try {
    const context: unknown = JSON.parse(marker.slice(marker.indexOf('[')).replace(/&quot;/g, '"'));
    return Array.isArray(context) ? marker : null;
  } catch {
    return null;
  }
}

/**
 * Pasted or dropped HTML reduced to the rich-text allow-list by `sanitize`, keeping ProseMirror's slice marker
 * (see above). Plain text never comes here: ProseMirror inserts it as text.
 */
export function cleanPastedHtml(html: string, sanitize: (html: string) => string): string {
  const clean = sanitize(html);
  const marker = sliceMarker(html);
  if (!marker) return clean;
  return clean.replace(/^<([a-z][a-z0-9]*)/i, `<$1 data-pm-slice="${marker.replace(/"/g, '&quot;')}"`);
}
