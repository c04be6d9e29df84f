/**
 * Rich text stays harmless: an allow-list of formatting tags, no attributes but a safe link address,
 * no scripts, styles, frames or event handlers, no javascript: (or data:, vbscript:) links.
 */

/** Tags kept (everything else is unwrapped to its text, or dropped with its content when dangerous). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'S', 'P', 'BR', 'DIV', 'UL', 'OL', 'LI', 'A', 'H2', 'H3', 'H4', 'BLOCKQUOTE']);

/** Tags dropped together with their content. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'APPLET', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'MATH',
  'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'LINK', 'META', 'BASE', 'HEAD', 'TITLE', 'IMG', 'VIDEO', 'AUDIO', 'SOURCE', 'PICTURE', 'CANVAS',
]);

const SAFE_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

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

function clean(node: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE || child.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName.toUpperCase();
    if (DROPPED_TAGS.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    // A link without a safe address is only its text.
    const unsafeLink = tag === 'A' && !isSafeHref(el.getAttribute('href'));
    if (!ALLOWED_TAGS.has(tag) || unsafeLink) {
      // Unwrap: keep the (already cleaned) children, lose the element and its attributes.
      const frag = doc.createDocumentFragment();
      while (el.firstChild) frag.appendChild(el.firstChild);
      el.replaceWith(frag);
      continue;
    }
    const href = tag === 'A' ? el.getAttribute('href') : null;
    for (const attr of [...el.attributes]) el.removeAttribute(attr.name);
    if (tag === 'A' && href) {
      el.setAttribute('href', href.trim());
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/**
 * Removes inline event handler attributes (onclick=…, onerror=…) from HTML text. A first pass only, so the
 * browser's parser never even meets them (the page's CSP would log each blocked handler); the DOM pass of
 * sanitizeHtml is what guarantees the result.
 */
export function stripInlineHandlers(html: string): string {
  return html.replace(/([\s/"'])on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '$1');
}

/** Sanitizes an HTML fragment in the browser (DOMParser: nothing runs, nothing loads). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${stripInlineHandlers(html)}`, 'text/html');
  clean(doc.body, doc);
  return doc.body.innerHTML;
}

/** True when rich text has no visible text (e.g. '<p><br></p>'). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return (html ?? '').replace(/<br\s*\/?>/gi, '').replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}
