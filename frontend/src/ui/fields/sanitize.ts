import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { RICH_TEXT_POLICY } from '@tbo/supplier/src/rich-text/rich-text-policy.pure';

/**
 * Rich text stays harmless: the server's allow-list of tags and link attributes (RICH_TEXT_POLICY), no
 * scripts, styles, frames or event handlers, no javascript: (or data:, vbscript:) links.
 */

/** Tags dropped together with their content (other tags outside the allow-list are unwrapped to their text). */
const DROPPED_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'template', 'svg', 'math',
  'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'head', 'title', 'img', 'video', 'audio', 'source', 'picture', 'canvas',
];

const SAFE_SCHEMES: readonly string[] = RICH_TEXT_POLICY.allowedSchemes.map((s) => `${s}:`);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = RICH_TEXT_POLICY.allowedAttributes;

/**
 * Whether a link address is safe to keep: http(s), mailto, tel, or a relative address. Browsers ignore
 * control characters and whitespace inside a scheme ('java\tscript:'), so those are removed before checking.
 */
export function isSafeHref(href: string | null | undefined): boolean {
  if (href == null) return false;
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (compact === '') return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  // No scheme: a relative address (or a protocol-relative one, which is http(s)).
  if (!scheme) return true;
  return SAFE_SCHEMES.includes(`${scheme[1]}:`);
}

/** What the user typed into the link box → an address to use, or null when it is not safe. 'example.com' → 'https://example.com'. */
export function normalizeHref(input: string): string | null {
  const s = input.trim();
  if (s === '') return null;
  if (/^[\w.+-]+@[\w-]+\.[\w.-]+$/.test(s)) return `mailto:${s}`;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('/') || s.startsWith('#') ? s : `https://${s}`;
  return isSafeHref(withScheme) ? withScheme : null;
}

/** Escapes plain text for HTML, keeping line breaks. */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n?|\n/g, '<br>');
}

let purifier: Purifier | null = null;

function createPurifier(): Purifier {
  const p = DOMPurify(window);
  // Attributes are allowed per tag (DOMPurify's own list is one for all tags).
  p.addHook('uponSanitizeAttribute', (node, data) => {
    if (!ALLOWED_ATTRIBUTES[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    node.removeAttribute('href');
    node.removeAttribute('target');
    node.removeAttribute('rel');
    if (href && isSafeHref(href)) {
      node.setAttribute('href', href.trim());
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return p;
}

/**
 * Removes inline event handler attributes (onclick=…, onerror=…) from HTML text. A first pass only, so the
 * browser's parser never even meets them (the page's CSP would log each blocked handler); the DOM pass of
 * sanitizeHtml is what guarantees the result.
 */
export function stripInlineHandlers(html: string): string {
  return html.replace(/([\s/"'])on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '$1');
}

/** Sanitizes an HTML fragment in the browser (DOMPurify parses it inertly: nothing runs, nothing loads). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  purifier ??= createPurifier();
  const body = purifier.sanitize(stripInlineHandlers(html), {
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.allowedTags],
    ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ADD_FORBID_CONTENTS: DROPPED_TAGS,
    RETURN_DOM: true,
  }) as HTMLElement;
  // A link without a safe address is only its text.
  for (const a of [...body.querySelectorAll('a:not([href])')]) a.replaceWith(...a.childNodes);
  return body.innerHTML;
}

/** True when rich text has no visible text (e.g. '<p><br></p>'). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return (html ?? '').replace(/<br\s*\/?>/gi, '').replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}
