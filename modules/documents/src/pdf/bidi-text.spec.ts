import { pdfWords, rtlNameLines } from '../../../../test/support/pdf-words';
import { visualPieces, withBidi } from './bidi-text';
import { FONT, renderPdf } from './pdf-printer';

const FIRST = 'محمد';
const LAST = 'الأحمد';
const NAME = `${FIRST} ${LAST}`;

describe('right-to-left text in the documents (the bidi algorithm before pdfmake)', () => {
  it('prints an Arabic name as two words, right to left: محمد rightmost, a space between, alone or after Latin text', async () => {
    const content = [NAME, `Lead guest: ${NAME}`, { text: [{ text: 'Guest: ', bold: true }, NAME, ' (3 adults)'] }, { table: { body: [['Guest', NAME]] } }];
    const lines = rtlNameLines(await pdfWords(await renderPdf({ defaultStyle: { font: FONT, fontSize: 12 }, content })), FIRST, 'حمد');
    expect(lines).toHaveLength(content.length);
    for (const { on, firsts, seconds, gap } of lines) {
      expect(firsts).toHaveLength(1);
      expect(seconds).toHaveLength(1);
      // الأحمد ends, a space's width, then محمد begins: two words, in right-to-left order.
      expect(gap).toBeGreaterThan(2);
      expect(gap).toBeLessThan(6);
      // Latin text before the name stays on its left, and after it on its right.
      for (const w of on.filter((w) => /Lead|guest|Guest/.test(w.str))) expect(w.x + w.width).toBeLessThanOrEqual(seconds[0]!.x);
      for (const w of on.filter((w) => /adults/.test(w.str))) expect(w.x).toBeGreaterThanOrEqual(firsts[0]!.x + firsts[0]!.width);
    }
  });

  it('hands pdfmake each right-to-left word alone, in logical order, for fontkit to shape and reverse; spaces apart', () => {
    expect(visualPieces(NAME)).toEqual([LAST, ' ', FIRST]);
    expect(visualPieces(`Lead guest: ${NAME}`)).toEqual(['Lead guest: ', LAST, ' ', FIRST]);
    expect(visualPieces('Hotel: فندق برج العرب (Dubai) 2026')).toEqual(['Hotel: ', 'العرب', ' ', 'برج', ' ', 'فندق', ' (Dubai) 2026']);
    // A number in a right-to-left run keeps its digits' order; brackets by a word go with it (fontkit reverses them
    // with it: the bidi algorithm's mirrored brackets, reversed back); marks stay on their letters.
    expect(visualPieces('غرفة 12 (جناح)')).toEqual([')جناح(', ' 12 ', 'غرفة']);
    expect(visualPieces('فندق ٥ نجوم')).toEqual(['نجوم', ' ', '٥', ' ', 'فندق']);
    expect(visualPieces('مُحَمَّد')).toEqual(['مُحَمَّد']);
  });

  it('leaves every text without right-to-left characters as it is (Latin and Cyrillic wrap as before)', () => {
    const long = 'Иван Петров, Grand Hyatt Dubai — Sheikh Rashid Road, Oud Metha, '.repeat(5);
    const definition = {
      content: [long, { text: [{ text: 'Гость: ', bold: true }, long] }, { columns: [{ stack: [long] }, { ul: ['a', 'б'] }] }, { table: { body: [['Guest', long]] } }],
      footer: (page: number, pages: number) => ({ text: `INV-1 · ${page} / ${pages}` }),
    };
    const same = withBidi(definition);
    expect({ ...same, footer: undefined }).toEqual({ ...definition, footer: undefined });
    expect(same.footer(1, 2)).toEqual(definition.footer(1, 2));
    expect(visualPieces(long)).toEqual([long]);
  });

  it('reorders texts everywhere in the definition: tables, columns, lists, styled pieces and the footer', () => {
    const definition = withBidi({
      content: [{ columns: [{ stack: [NAME] }, { ul: [NAME] }] }, { table: { body: [[{ text: NAME, bold: true }]] } }, { text: ['Guest: ', { text: NAME, bold: true }] }],
      footer: () => ({ text: NAME }),
    });
    const pieces = [LAST, ' ', FIRST];
    expect(definition.content[0]).toEqual({ columns: [{ stack: [{ text: pieces }] }, { ul: [{ text: pieces }] }] });
    expect(definition.content[1]).toEqual({ table: { body: [[{ text: pieces, bold: true }]] } });
    expect(definition.content[2]).toEqual({ text: ['Guest: ', ...pieces.map((text) => ({ text, bold: true }))] });
    expect(definition.footer()).toEqual({ text: pieces });
  });
});
