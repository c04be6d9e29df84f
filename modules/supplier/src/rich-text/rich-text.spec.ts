import { sanitizeRichText } from './rich-text';

describe('rich text sanitiser', () => {
  it('keeps basic formatting, lists and safe links', () => {
    const html = '<p><strong>Bold</strong> <em>it</em> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://x.test/a">site</a> <a href="mailto:a@b.test">mail</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="JaVaScRiPt:alert(1)">bad2</a><style>p{}</style></p>',
    );
    expect(out).toBe('<p>Hi<a>bad</a><a>bad2</a></p>');
    expect(out).not.toMatch(/script|onerror|onclick|javascript|style|img/i);
  });

  it('keeps target=_blank links safe and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_blank" rel="opener">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="http://x.test" target="top">x</a>')).toBe('<a href="http://x.test">x</a>');
  });

  it('stores an empty editor document as empty', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('  ')).toBe('');
  });
});
