import { isRichTextEmpty, isSafeHref, normalizeHref, stripInlineHandlers, textToHtml } from './sanitize';

describe('rich text safety', () => {
  it('keeps only safe link addresses', () => {
    expect(isSafeHref('https://example.com/a?b=1')).toBe(true);
    expect(isSafeHref('http://example.com')).toBe(true);
    expect(isSafeHref('mailto:a@b.c')).toBe(true);
    expect(isSafeHref('tel:+971501234567')).toBe(true);
    expect(isSafeHref('/tours/17')).toBe(true);
    expect(isSafeHref('#top')).toBe(true);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeHref('java\tscript:alert(1)')).toBe(false);
    expect(isSafeHref('java\nscript:alert(1)')).toBe(false);
    expect(isSafeHref('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isSafeHref('vbscript:msgbox')).toBe(false);
    expect(isSafeHref('')).toBe(false);
    expect(isSafeHref(null)).toBe(false);
  });

  it('normalizes what the user types into the link box', () => {
    expect(normalizeHref('example.com')).toBe('https://example.com');
    expect(normalizeHref('https://example.com')).toBe('https://example.com');
    expect(normalizeHref('info@example.com')).toBe('mailto:info@example.com');
    expect(normalizeHref('javascript:alert(1)')).toBeNull();
    expect(normalizeHref('  ')).toBeNull();
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
