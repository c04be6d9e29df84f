import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import { withBidi } from './bidi-text';

/** The one font family of every document: DejaVu Sans holds Latin and Cyrillic (and the AED/USD signs) in one file. */
export const FONT = 'DejaVuSans';

let ready = false;

/**
 * pdfmake is a process-wide singleton: its fonts are loaded once, from the npm package's TTF files into
 * pdfmake's in-memory file system, and it may read nothing else, neither from the disk nor from the network
 * (document texts come from people, and a URL or path in them must never be fetched).
 */
function printer() {
  if (!ready) {
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const files = { normal: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italics: 'DejaVuSans-Oblique.ttf', bolditalics: 'DejaVuSans-BoldOblique.ttf' };
    for (const file of Object.values(files)) pdfmake.virtualfs.writeFileSync(file, readFileSync(join(dir, file)));
    pdfmake.setFonts({ [FONT]: files });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    ready = true;
  }
  return pdfmake;
}

/**
 * Renders a pdfmake document definition to the PDF's bytes. Every text goes through the bidi algorithm first
 * (bidi-text.ts): pdfmake has none, and prints an Arabic name's words run together in the wrong order.
 */
export function renderPdf(definition: object): Promise<Buffer> {
  return printer().createPdf(withBidi(definition)).getBuffer();
}
