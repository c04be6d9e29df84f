import { cleanPastedHtml, sliceMarker } from './paste';

/** Stands in for sanitizeHtml (which needs a browser DOM): drops every attribute, like it drops data-*. */
const dropAttributes = (html: string) => html.replace(/<([a-z][a-z0-9]*)\s[^>]*>/gi, '<$1>');

describe('pasted rich text', () => {
  it('reads a well-formed ProseMirror slice marker and nothing else', () => {
    expect(sliceMarker('<p data-pm-slice="1 1 []">abc</p>')).toBe('1 1 []');
    expect(sliceMarker('<ul data-pm-slice="3 3 -2 [&quot;bulletList&quot;,null]"><li>a</li></ul>')).toBe('3 3 -2 [&quot;bulletList&quot;,null]');
    expect(sliceMarker('<p>abc</p>')).toBeNull();
    expect(sliceMarker('<p data-pm-slice="1 1 [oops">abc</p>')).toBeNull();
    expect(sliceMarker('<p data-pm-slice="1 1 {}">abc</p>')).toBeNull();
    expect(sliceMarker('<p data-pm-slice="x 1 []">abc</p>')).toBeNull();
  });

  it('sanitises and puts the slice marker back on the first element', () => {
    const html = '<p data-pm-slice="1 1 []" onclick="alert(1)">a <b>b</b></p><p>c</p>';
    expect(cleanPastedHtml(html, dropAttributes)).toBe('<p data-pm-slice="1 1 []">a <b>b</b></p><p>c</p>');
  });

  it('returns the sanitiser output unchanged when there is no marker', () => {
    const sanitize = jest.fn(() => '<p>clean</p>');
    expect(cleanPastedHtml('<p onclick="x()">dirty</p><script>x()</script>', sanitize)).toBe('<p>clean</p>');
    expect(sanitize).toHaveBeenCalledWith('<p onclick="x()">dirty</p><script>x()</script>');
  });

  it('adds no marker when the sanitiser left only text', () => {
    expect(cleanPastedHtml('<script data-pm-slice="0 0 []">x</script>', () => 'text')).toBe('text');
  });
});
