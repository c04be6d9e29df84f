import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { PhotoFormat, PhotoSize } from '@tbo/event-schemas';
import { AppError, ValidationError } from '@tbo/kernel';

/** Largest decoded file accepted (base64 makes the request about a third larger: see PHOTO_UPLOAD_BODY_LIMIT). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Largest image accepted, in pixels (width × height): 40 megapixels, about 300 MB of RGBA once decoded. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The upload route's own JSON body limit: 15 MB as base64 is 20 MB, plus the data: prefix and the guid. */
export const PHOTO_UPLOAD_BODY_LIMIT = '21mb';
/** Longest side of each variant, in pixels; variants are never enlarged. */
export const VARIANT_SIZES: Record<PhotoSize, number> = { big: 1600, medium: 800, small: 320 };

export const UPLOAD_MESSAGES = {
  empty: 'The file is empty: choose an image to upload',
  notBase64: 'The file data must be base64 (optionally with a data: URL prefix)',
  tooLarge: `The file is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB`,
  unsupported: 'The file is not a supported image: upload a JPEG, PNG, WebP or AVIF photo',
  svg: 'SVG images are not accepted: upload a JPEG, PNG, WebP or AVIF photo',
  damaged: 'The image is damaged or incomplete and cannot be read',
  tooManyPixels: (w: number, h: number) => `The image is ${w} × ${h} pixels, more than the limit of ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`,
} as const;

export class UnsupportedImageError extends AppError {
  constructor(message: string) {
    super(415, 'Unsupported media type', message);
  }
}

/** base64 (with an optional `data:<type>;base64,` prefix) → bytes; refuses anything else. */
export function decodeUploadData(data: string): Buffer {
  let text = data.trim();
  const prefix = /^data:[\w.+/-]*(;[\w=.-]+)*;base64,/i.exec(text);
  if (prefix) text = text.slice(prefix[0].length);
  else if (text.startsWith('data:')) throw new ValidationError(UPLOAD_MESSAGES.notBase64, { data: [UPLOAD_MESSAGES.notBase64] });
  text = text.replace(/\s+/g, '');
  if (!text) throw new ValidationError(UPLOAD_MESSAGES.empty, { data: [UPLOAD_MESSAGES.empty] });
  // Checked as "no character outside the alphabet" rather than one anchored pattern over the whole text: V8 ran
  // `^[…]+={0,2}$` over a multi-megabyte upload out of stack now and then (a 500 instead of the photo).
  let padding = 0;
  while (padding < 2 && text.endsWith('=', text.length - padding)) padding++;
  const body = text.slice(0, text.length - padding);
  if (!body || /[^A-Za-z0-9+/_-]/.test(body)) throw new ValidationError(UPLOAD_MESSAGES.notBase64, { data: [UPLOAD_MESSAGES.notBase64] });
  if ((text.length * 3) / 4 > MAX_PHOTO_BYTES + 3) throw new AppError(413, 'Payload too large', UPLOAD_MESSAGES.tooLarge);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw new ValidationError(UPLOAD_MESSAGES.empty, { data: [UPLOAD_MESSAGES.empty] });
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, 'Payload too large', UPLOAD_MESSAGES.tooLarge);
  return bytes;
}

/** The format the first bytes announce, or null. Decides before any decoder sees the bytes. */
export function sniffFormat(bytes: Buffer): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands: string[] = [bytes.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

const looksLikeSvg = (bytes: Buffer) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(bytes.toString('utf8', 0, 2048).replace(/^\uFEFF/, ''));

/** sharp's name for each format (AVIF is decoded by libheif and reported as 'heif'). */
const SHARP_FORMATS: Record<PhotoFormat, string[]> = { jpeg: ['jpeg'], png: ['png'], webp: ['webp'], avif: ['heif', 'avif'] };

export interface InspectedImage {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

/**
 * Checks that the bytes really are one photo in a supported format: the magic bytes and sharp's
 * reading of the header agree, the size is within the pixel limit, and the whole image decodes
 * (a truncated file fails here, not later in the worker). Throws the message the person sees.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new UnsupportedImageError(looksLikeSvg(bytes) ? UPLOAD_MESSAGES.svg : UPLOAD_MESSAGES.unsupported);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedImageError(UPLOAD_MESSAGES.damaged);
  }
  if (!meta.format || !SHARP_FORMATS[format].includes(meta.format)) throw new UnsupportedImageError(UPLOAD_MESSAGES.unsupported);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new UnsupportedImageError(UPLOAD_MESSAGES.damaged);
  if (width * height > MAX_PHOTO_PIXELS) throw new ValidationError(UPLOAD_MESSAGES.tooManyPixels(width, height), { data: [UPLOAD_MESSAGES.tooManyPixels(width, height)] });
  if ((meta.pages ?? 1) > 1) throw new UnsupportedImageError('Animated or multi-page images are not accepted: upload a single photo');
  try {
    // Decodes every pixel: truncated or corrupt data fails here.
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS }).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new UnsupportedImageError(UPLOAD_MESSAGES.damaged);
  }
  // Orientations 5-8 swap the sides once rotated upright.
  const upright = (meta.orientation ?? 1) >= 5;
  return {
    format,
    width: upright ? height : width,
    height: upright ? width : height,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * The three WebP variants of an original: turned upright (EXIF orientation), metadata stripped
 * (sharp writes none unless asked with withMetadata, which we never call), never enlarged.
 * The original is decoded once, to the big size; medium and small are made from that.
 */
export async function makeVariants(original: Buffer): Promise<Record<PhotoSize, Buffer>> {
  const { data, info } = await sharp(original, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
    .rotate()
    .resize(VARIANT_SIZES.big, VARIANT_SIZES.big, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = (size: PhotoSize) =>
    sharp(data, raw)
      .resize(VARIANT_SIZES[size], VARIANT_SIZES[size], { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  const [big, medium, small] = await Promise.all([encode('big'), encode('medium'), encode('small')]);
  return { big, medium, small };
}
