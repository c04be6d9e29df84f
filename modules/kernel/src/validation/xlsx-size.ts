import JSZip from 'jszip';
import { ValidationError } from '../errors/app-error';

/**
 * An .xlsx is a zip: a few MB sent can unpack to gigabytes (a "zip bomb"), and exceljs's `xlsx.load` unpacks
 * every part in memory before anything else can look at the sheet. checkXlsxUnpackedSize runs first: it reads
 * the zip's directory (JSZip, exceljs's own unzipper, unpacks nothing to do that) and refuses a file whose parts
 * say they unpack to more than the cap, or that holds more parts than a workbook has; then it unpacks each part as
 * a stream, keeping none of it, and stops as soon as a part unpacks to more than its entry said (a crafted file's
 * directory may understate its sizes: exceljs would unpack it whole before noticing).
 */

/** The most an uploaded workbook may unpack to: a 50,000-row rooming list is well under it. */
export const XLSX_UNPACKED_MAX_BYTES = 60 * 1024 * 1024;
/** The most parts (zip entries) an uploaded workbook may hold: a workbook with sheets, styles and images has tens. */
export const XLSX_PARTS_MAX = 1000;

export const XLSX_SIZE_MESSAGES = {
  tooLarge: (maxBytes: number) => `The file is too large once unpacked: an Excel workbook may unpack to at most ${Math.floor(maxBytes / (1024 * 1024))} MB`,
  tooManyParts: (maxParts: number) => `The file is too large once unpacked: an Excel workbook may hold at most ${maxParts} parts`,
} as const;

export interface XlsxSizeLimits {
  /** The caller's words for a file that is not a workbook (not a zip, or a broken one). */
  notXlsx: string;
  /** The field the refusal is given for in the envelope's details (e.g. 'xlsx'); none: the message alone. */
  field?: string;
  maxBytes?: number;
  maxParts?: number;
}

/** The signature of a zip's central directory header: one per part. */
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** How many central directory headers the bytes could hold, counted up to `stopAt`: at least as many as JSZip will read. */
function headersUpTo(file: Buffer, stopAt: number): number {
  let count = 0;
  for (let at = file.indexOf(CENTRAL_HEADER); at !== -1 && count <= stopAt; at = file.indexOf(CENTRAL_HEADER, at + CENTRAL_HEADER.length)) count++;
  return count;
}

/** The size a part's directory entry says it unpacks to (JSZip keeps it, unpublished, on `_data`). */
function declaredSize(entry: JSZip.JSZipObject): number {
  const size = (entry as unknown as { _data?: { uncompressedSize?: unknown } })._data?.uncompressedSize;
  return typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : 0;
}

/** JSZip's internal stream of a part (untyped in its .d.ts): chunks as they are unpacked, paused on demand. */
interface PartStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): PartStream;
  on(event: 'error', listener: (err: unknown) => void): PartStream;
  on(event: 'end', listener: () => void): PartStream;
  pause(): PartStream;
  resume(): PartStream;
}

/** Unpacks a part without keeping it: its size, or Infinity as soon as it passes `budget` (it is then left paused). */
function unpackedSize(entry: JSZip.JSZipObject, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    const stream = (entry as unknown as { internalStream(type: 'uint8array'): PartStream }).internalStream('uint8array');
    stream
      .on('data', (chunk) => {
        if (settled) return;
        size += chunk.length;
        if (size > budget) {
          settled = true;
          stream.pause();
          resolve(Number.POSITIVE_INFINITY);
        }
      })
      .on('error', (err) => {
        if (settled) return;
        settled = true;
        reject(err instanceof Error ? err : new Error(String(err)));
      })
      .on('end', () => {
        if (settled) return;
        settled = true;
        resolve(size);
      })
      .resume();
  });
}

/**
 * Refuses (400, the spec's envelope) an uploaded .xlsx that would unpack past `maxBytes` or holds more than
 * `maxParts` parts, and one that is not a zip at all (with the caller's `notXlsx` words), before exceljs loads it.
 */
export async function checkXlsxUnpackedSize(file: Buffer, limits: XlsxSizeLimits): Promise<void> {
  const { notXlsx, field, maxBytes = XLSX_UNPACKED_MAX_BYTES, maxParts = XLSX_PARTS_MAX } = limits;
  const refuse = (message: string) => new ValidationError(message, field ? { [field]: [message] } : undefined);
  // Before JSZip: it keeps an object per part of the directory, and 20 MB of empty parts are hundreds of thousands.
  if (headersUpTo(file, maxParts) > maxParts) throw refuse(XLSX_SIZE_MESSAGES.tooManyParts(maxParts));
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    throw refuse(notXlsx);
  }
  const parts = Object.values(zip.files).filter((f) => !f.dir);
  if (parts.length > maxParts) throw refuse(XLSX_SIZE_MESSAGES.tooManyParts(maxParts));
  if (parts.reduce((sum, p) => sum + declaredSize(p), 0) > maxBytes) throw refuse(XLSX_SIZE_MESSAGES.tooLarge(maxBytes));
  // Each part is unpacked up to the size its directory entry gave (their sum is within the cap): one that
  // unpacks to more (or less) than it says is a broken or crafted file, refused before exceljs trusts it.
  for (const part of parts) {
    const declared = declaredSize(part);
    let size: number;
    try {
      size = await unpackedSize(part, declared);
    } catch {
      // Bad data, an unknown method, or fewer bytes than its entry says.
      throw refuse(notXlsx);
    }
    if (size > declared) throw refuse(notXlsx);
  }
}
