'use strict';
// Reads a PDF from stdin and prints, as JSON, every text item of every page with where it is drawn: [{page, str,
// x, y, width, dir}] (pdfjs, the one pdf-parse brings). pdfmake draws each word as an item of its own, so this
// tells the words' order on a line as printed, which the text alone (in reading order) does not. Run as a child
// process because pdfjs loads its worker with a dynamic import, which jest's module sandbox refuses.
const { dirname } = require('node:path');

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const pdfjs = await import(require.resolve('pdfjs-dist/legacy/build/pdf.mjs', { paths: [dirname(require.resolve('pdf-parse'))] }));
  const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false }).promise;
  const words = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) {
        if (!item.str || !item.str.trim()) continue;
        words.push({ page: n, str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, dir: item.dir });
      }
    }
  } finally {
    await doc.destroy();
  }
  process.stdout.write(JSON.stringify(words));
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
