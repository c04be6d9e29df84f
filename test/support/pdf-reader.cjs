'use strict';
// Reads a PDF from stdin and prints {text, qr} as JSON: the text of every page (pdf-parse), and the first QR
// code on page 1, read from the page rendered to an image (pdf-parse's pdfjs + canvas) by jsqr. Run as a child
// process because pdfjs loads its worker with a dynamic import, which jest's module sandbox refuses.
const { PDFParse } = require('pdf-parse');
const jsQR = require('jsqr');
const sharp = require('sharp');

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const text = (await parser.getText()).text;
    let qr = null;
    if (process.argv.includes('--qr')) {
      const shot = await parser.getScreenshot({ scale: 2, first: 1, imageDataUrl: false, imageBuffer: true });
      const { data, info } = await sharp(Buffer.from(shot.pages[0].data)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      qr = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
    }
    process.stdout.write(JSON.stringify({ text, qr }));
  } finally {
    await parser.destroy();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
