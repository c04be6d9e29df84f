import { isRichTextEmpty, isSafeHref, normalizeHref, stripInlineHandlers, textToHtml } from './sanitize';

describe('rich text safety', () => {
  it.each<[string | null, boolean]>([
    ['https://example.com/a?b=1', true],
    ['http://example.com', true],
    ['mailto:a@b.c', true],
    ['tel:+971501234567', true],
    ['/tours/17', true],
    ['#top', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:msgbox', false],
    ['', false],
    [null, false],
  ])('keeps only safe link addresses: %j is safe: %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });

  it.each<[string, string | null]>([
    ['example.com', 'https://example.com'],
    ['https://example.com', 'https://example.com'],
    ['info@example.com', 'mailto:info@example.com'],
    ['javascript:alert(1)', null],
    ['  ', null],
  ])('normalizes what the user types into the link box: %j -> %j', (typed, href) => {
    expect(normalizeHref(typed)).toBe(href);
  });

  it('strips inline event handlers before parsing', () => {
    expect(stripInlineHandlers('<p onclick="alert(1)">a</p>')).toBe('<p >a</p>');
    expect(stripInlineHandlers("<img src=x onerror=alert(3)><a href='#' ONMOUSEOVER='x()'>b</a>")).toBe("<img src=x ><a href='#' >b</a>");
    expect(stripInlineHandlers('<svg/onload=alert(1)>')).toBe('<svg/>');
    expect(stripInlineHandlers('<p>Turn on = off</p>')).toBe('<p>Turn on = off</p>');
  });

  it('escapes pasted plain text and knows empty rich text', () => {
    expect(textToHtml('<b>x</b>\nnext')).toBe('&lt;b&gt;x&lt;/b&gt;<br>next');
    expect(isRichTextEmpty('<p><br></p>')).toBe(true);
    expect(isRichTextEmpty('<p>&nbsp;</p>')).toBe(true);
    expect(isRichTextEmpty('<p>Hi</p>')).toBe(false);
  });
});
