import sanitizeHtml from 'sanitize-html';

/**
 * The one policy for rich text the server stores (terms, FAQ, notes): basic formatting,
 * headings, lists, quotes and links. Links keep http(s) and mailto addresses only; scripts,
 * styles, event handlers and every other attribute go. The client's editor may show more; this
 * is what is stored and served.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'span', 'div', 'hr', 'pre', 'code'],
  allowedAttributes: { a: ['href', 'target', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // rel is set here, never taken from the input.
    a: (tagName, attribs) => {
      const { rel: _ignored, ...out }: Record<string, string> = attribs;
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target) out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, options).trim();
  // An editor's empty document is stored as empty.
  return /^(<p>(<br \/>|\s|&nbsp;)*<\/p>)*$/.test(clean) ? '' : clean;
}
