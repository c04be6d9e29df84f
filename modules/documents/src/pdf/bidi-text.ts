import bidiFactory from 'bidi-js';

/**
 * Right-to-left text (an Arabic guest or hotel name) in pdfmake's documents.
 *
 * pdfmake lays a line out left to right in the order of its text, and has no bidi algorithm of its own. Below it,
 * pdfkit cuts every text into pieces after each space and hands each piece to fontkit, which shapes it (Arabic
 * letters take their joining forms) and, when the piece's script is right-to-left, reverses the piece's glyphs. So
 * "محمد الأحمد" prints as two pieces, each reversed on its own with its space: the words in logical order left to
 * right, the space pushed to the edge, the words run together ("الأحمدمحمد" read from the right).
 *
 * The cure is to give pdfmake each text in the order it is to be seen: the Unicode bidirectional algorithm
 * (bidi-js), on a left-to-right paragraph as the documents are, orders the characters as they appear from left
 * to right (mirroring brackets in right-to-left runs). That order is cut into pieces that never mix a
 * right-to-left script with a left-to-right one and never hold a space together with right-to-left letters; a
 * right-to-left piece is given back reversed, so that fontkit, reversing it again, draws it as seen, and shapes
 * its letters in their logical order. Each piece is a text of its own in pdfmake (so pdfkit lays it out alone);
 * pdfmake still breaks lines only where the original text could break.
 *
 * Texts with no right-to-left character are left exactly as they are. The known limit: the order is the
 * paragraph's, so a right-to-left run that pdfmake wraps over two lines keeps its words' order across the break
 * (its last words on the first line). A name or a hotel's name fits a line.
 */

const bidi = bidiFactory();

/** Characters whose bidi class is R, AL or AN (Hebrew, Arabic, Syriac, Thaana, N'Ko and the like): only these make a text need reordering. */
const RTL_CHARACTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** The scripts fontkit lays out right to left (fontkit picks a piece's script from its first character of a real script). */
const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Imperial_Aramaic}\p{Script=Phoenician}\p{Script=Kharoshthi}\p{Script=Cypriot}\p{Script=Lydian}\p{Script=Avestan}\p{Script=Inscriptional_Pahlavi}\p{Script=Inscriptional_Parthian}\p{Script=Psalter_Pahlavi}\p{Script=Old_South_Arabian}\p{Script=Old_North_Arabian}\p{Script=Old_Turkic}\p{Script=Meroitic_Cursive}\p{Script=Meroitic_Hieroglyphs}\p{Script=Manichaean}\p{Script=Mende_Kikakui}\p{Script=Nabataean}\p{Script=Palmyrene}]/u;

/** Characters of no script of their own (spaces, digits, punctuation, combining marks): fontkit lays them out in their piece's direction. */
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

type Direction = 'rtl' | 'ltr' | 'none';

const directionOf = (char: string): Direction => (RTL_SCRIPT.test(char) ? 'rtl' : NO_SCRIPT.test(char) ? 'none' : 'ltr');

/** Whether a text holds right-to-left characters and so must be reordered before pdfmake lays it out. */
export const needsBidi = (text: string): boolean => RTL_CHARACTER.test(text);

/** A piece's characters reversed, keeping each surrogate pair (one astral character) in its order. */
const reversed = (chars: string[]): string => chars.reverse().join('').replace(/([\uDC00-\uDFFF])([\uD800-\uDBFF])/g, '$2$1');

/**
 * A text as the pieces pdfmake must lay out one after the other, left to right, to show it as the bidi algorithm
 * orders it (see the top of this file). A text with no right-to-left character comes back as it is, alone.
 */
export function visualPieces(text: string): string[] {
  if (!needsBidi(text)) return [text];
  const embedding = bidi.getEmbeddingLevels(text, 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const seen = bidi.getReorderedIndices(text, embedding).map((i) => mirrored.get(i) ?? text[i]!);

  const pieces: string[] = [];
  let plain = ''; // left-to-right text waiting to be written, spaces included
  let rtl: string[] = []; // the right-to-left piece being gathered, as seen
  let current: Direction = 'none'; // the direction of the piece being gathered, once it has a character of a script
  let pending: string[] = []; // characters of no script, not yet given to a piece
  const flushRtl = () => {
    if (rtl.length) pieces.push(reversed(rtl));
    rtl = [];
  };
  const flushPlain = () => {
    if (plain) pieces.push(plain);
    plain = '';
  };
  for (const char of seen) {
    if (/\s/.test(char)) {
      // A space ends any right-to-left piece: pdfkit would cut there and reverse each part on its own.
      if (current === 'rtl') rtl.push(...pending);
      else plain += pending.join('');
      pending = [];
      flushRtl();
      plain += char;
      current = 'none';
      continue;
    }
    const direction = directionOf(char);
    if (direction === 'none') {
      pending.push(char);
      continue;
    }
    if (direction === 'rtl') {
      // Characters of no script just before (as seen) go with the right-to-left letters: a combining mark of a
      // right-to-left letter is seen before it.
      if (current !== 'rtl') flushPlain();
      rtl.push(...pending, char);
    } else {
      if (current === 'rtl') {
        rtl.push(...pending);
        flushRtl();
      } else plain += pending.join('');
      plain += char;
    }
    pending = [];
    current = direction;
  }
  if (current === 'rtl') rtl.push(...pending);
  else plain += pending.join('');
  flushRtl();
  flushPlain();
  return pieces;
}

type Inline = string | { text?: unknown; [key: string]: unknown };

/** A `text` value (a string, or an array of strings and styled pieces) with its right-to-left runs in seen order. */
function inlines(text: unknown): unknown {
  if (typeof text === 'string') {
    if (!needsBidi(text)) return text;
    const pieces = visualPieces(text);
    return pieces.length === 1 ? pieces[0] : pieces;
  }
  if (!Array.isArray(text)) return text;
  return (text as Inline[]).flatMap((item): Inline[] => {
    if (typeof item === 'string') return needsBidi(item) ? visualPieces(item) : [item];
    if (item === null || typeof item !== 'object' || !('text' in item)) return [item];
    if (typeof item.text === 'string') return needsBidi(item.text) ? visualPieces(item.text).map((piece) => ({ ...item, text: piece })) : [item];
    return [{ ...item, text: inlines(item.text) }];
  });
}

/** The keys of a pdfmake node that hold further nodes. */
const CHILDREN = ['stack', 'columns', 'ul', 'ol', 'content'] as const;
/** The document's keys that may be a function of the page giving a node. */
const PAGE_NODES = ['header', 'footer', 'background'] as const;

/** A pdfmake node (and all below it) with every text's right-to-left runs in seen order; the node itself is not changed. */
function node(value: unknown): unknown {
  if (typeof value === 'string') return needsBidi(value) ? { text: inlines(value) } : value;
  if (Array.isArray(value)) return value.map(node);
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...source };
  if ('text' in source) copy.text = inlines(source.text);
  for (const key of CHILDREN) if (key in source) copy[key] = node(source[key]);
  const table = source.table as { body?: unknown } | undefined;
  if (table && Array.isArray(table.body)) copy.table = { ...table, body: table.body.map((row: unknown) => (Array.isArray(row) ? row.map(node) : row)) };
  for (const key of PAGE_NODES) {
    const page = source[key];
    if (typeof page === 'function') copy[key] = (...args: unknown[]) => node((page as (...a: unknown[]) => unknown)(...args));
    else if (page !== undefined) copy[key] = node(page);
  }
  return copy;
}

/**
 * A pdfmake document definition whose every text (content, tables, columns, lists, header and footer) shows
 * right-to-left runs as the bidi algorithm orders them; texts without any are kept as they are.
 */
export const withBidi = <T extends object>(definition: T): T => node(definition) as T;
