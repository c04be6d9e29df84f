import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** A zip of the parts, each DEFLATEd by node's zlib (JSZip's pako takes seconds over 100 MB; zlib a fraction). */
function zipOf(parts: { name: string; data: Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // DEFLATE
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(offset, 42);
    chunks.push(local, fileName, packed);
    central.push(header, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/**
 * Test files for checkXlsxUnpackedSize: a workbook exceljs reads, whose first sheet unpacks to about `unpackedBytes`
 * (a rooming list header, then the same guest row again and again, which DEFLATE packs to about a KB per MB).
 * `understate`: the sheet's directory entry says it unpacks to 100 bytes, as a crafted bomb's would.
 */
export async function xlsxBomb(unpackedBytes: number, { understate = false }: { understate?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Rooming list');
  const skeleton = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const sheetName = 'xl/worksheets/sheet1.xml';
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const tail = '</sheetData></worksheet>';
  const row = (r: number, a: string, b: string) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${a}</t></is></c><c r="B${r}" t="inlineStr"><is><t>${b}</t></is></c></row>`;
  const header = row(1, 'Pax Id', 'Tourist Name');
  // Row 2 over and over: exceljs reads it (each one replaces the one before) once it has unpacked them all.
  const guest = row(2, 'P1', 'Guest');
  const rows = Math.max(1, Math.ceil((unpackedBytes - head.length - header.length - tail.length) / guest.length));
  const parts: { name: string; data: Buffer }[] = [];
  for (const part of Object.values(skeleton.files)) {
    if (part.dir || part.name === sheetName) continue;
    parts.push({ name: part.name, data: await part.async('nodebuffer') });
  }
  parts.push({ name: sheetName, data: Buffer.from(head + header + guest.repeat(rows) + tail, 'utf8') });
  const file = zipOf(parts);
  if (understate) {
    const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
    // A central directory header: the uncompressed size at offset 24, the name's length at 28, the name at 46.
    for (let at = file.indexOf(central); at !== -1; at = file.indexOf(central, at + 4)) {
      const name = file.toString('utf8', at + 46, at + 46 + file.readUInt16LE(at + 28));
      if (name === sheetName) file.writeUInt32LE(100, at + 24);
    }
  }
  return file;
}

/** A zip of `parts` empty parts (no workbook at all): too many parts for any workbook. */
export async function zipOfParts(parts: number): Promise<Buffer> {
  const zip = new JSZip();
  for (let i = 0; i < parts; i++) zip.file(`xl/part${i}.xml`, '');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
