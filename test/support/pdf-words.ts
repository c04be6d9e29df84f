import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** A text item a PDF draws: pdfmake draws each word (and each space) as an item of its own. */
export type PdfWord = { page: number; str: string; x: number; y: number; width: number; dir: 'ltr' | 'rtl' | 'ttb' };

/** The words a PDF draws, with where, pages in order (pdf-words-reader.cjs, a child process: pdfjs can't load in jest). */
export function pdfWords(pdf: Buffer): Promise<PdfWord[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-words-reader.cjs')], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`pdf-words: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin!.end(pdf);
  });
}

/**
 * Where a two-word right-to-left name is printed: for each line holding its first word, that word and the second,
 * as drawn. The gap is the room between the second word's end and the first word's start: a space's width when
 * the name reads right to left as written. pdfjs reads a word's ligatures back in its own way (the lam-alef of
 * الأحمد comes back as "األحمد"), so the second word is found by its last letters.
 */
export function rtlNameLines(words: PdfWord[], first: string, secondEnd: string) {
  const lines = [...new Set(words.filter((w) => w.str === first).map((w) => `${w.page}:${w.y.toFixed(1)}`))];
  return lines.map((key) => {
    const on = words.filter((w) => `${w.page}:${w.y.toFixed(1)}` === key).sort((a, b) => a.x - b.x);
    const firsts = on.filter((w) => w.str === first);
    const seconds = on.filter((w) => w.str !== first && w.str.endsWith(secondEnd));
    const gap = firsts.length === 1 && seconds.length === 1 ? firsts[0]!.x - (seconds[0]!.x + seconds[0]!.width) : null;
    return { on, firsts, seconds, gap };
  });
}
