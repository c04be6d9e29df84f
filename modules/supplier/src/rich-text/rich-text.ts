import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_POLICY } from './rich-text-policy.pure';

/**
 * What the server stores and serves of rich text (terms, FAQ, notes): the shared allow-list
 * (RICH_TEXT_POLICY); scripts, styles, event handlers and every other attribute go.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_POLICY.allowedTags],
  allowedAttributes: { a: [...RICH_TEXT_POLICY.allowedAttributes.a] },
  allowedSchemes: [...RICH_TEXT_POLICY.allowedSchemes],
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
