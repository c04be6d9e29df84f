/**
 * The allow-list for rich text (terms, FAQ, notes): what the server stores (sanitize-html) and what the
 * browser's editor keeps (DOMPurify). Both read it from here so that the two cannot drift apart.
 */
export const RICH_TEXT_POLICY = {
  /** Basic formatting, headings, lists, quotes and links. */
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'span', 'div', 'hr', 'pre', 'code'],
  /** Only links carry attributes; rel is always set by the sanitiser, never taken from the input. */
  allowedAttributes: { a: ['href', 'target', 'title', 'rel'] },
  /** Link address schemes kept (besides relative addresses); javascript:, data:, vbscript: and the rest go. */
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
} as const;
