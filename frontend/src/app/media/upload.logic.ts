/**
 * Pure rules of the photo upload (spec 01 §5, §8): image files only, several at once, duplicate file names within
 * one batch are skipped; upload errors are shown in Russian whatever the interface language (the spec says so).
 */

/** Spec 01 §8: the upload answered 401. */
export const UPLOAD_AUTH_ERROR = 'Ошибка авторизации. Повторите вход';

/** Spec 01 §8: the message of any other failed upload status. */
export function uploadErrorMessage(status: number): string {
  return status === 401 ? UPLOAD_AUTH_ERROR : `Ошибка ${status}`;
}

/**
 * The server's MAX_PHOTO_BYTES (modules/media photo-image.ts; upload.logic.spec.ts checks they agree): a larger file
 * is refused as the server would (413) before it is read, since reading and sending 60 MB as base64 holds the page.
 */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** The status the server would answer for a file of this size before reading it, or null to send it. */
export const refusedBySize = (bytes: number): 413 | null => (bytes > UPLOAD_MAX_BYTES ? 413 : null);

export interface NamedFile {
  name: string;
  type: string;
}

export interface BatchSplit<F extends NamedFile> {
  /** The files to upload, in the order chosen. */
  accepted: F[];
  /** Names skipped because an earlier file of the batch has the same name. */
  duplicates: string[];
  /** Names skipped because they are not images. */
  notImages: string[];
}

/**
 * The file picker's accept list: only the formats the server takes (JPEG, PNG, WebP, AVIF), so it does not offer
 * a GIF or HEIC that the upload would then refuse. Extensions too, for systems that type files by name.
 */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

/** A new photo's first title: its file name without the extension ('camp.at.dawn.jpg' → 'camp.at.dawn'). */
export function titleOfFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim().slice(0, 200);
}

const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp|avif|bmp|tiff?|heic|heif)$/i;

/** An image by its MIME type, or (when the browser gives none) by its extension. SVG is not a photo. */
export function isImageFile(file: NamedFile): boolean {
  if (file.type) return file.type.startsWith('image/') && file.type !== 'image/svg+xml';
  return IMAGE_EXTENSION.test(file.name);
}

/** Splits one chosen batch: the first file of each name is kept (names compared exactly), later ones are skipped. */
export function splitBatch<F extends NamedFile>(files: readonly F[]): BatchSplit<F> {
  const seen = new Set<string>();
  const out: BatchSplit<F> = { accepted: [], duplicates: [], notImages: [] };
  for (const f of files) {
    if (!isImageFile(f)) {
      out.notImages.push(f.name);
      continue;
    }
    if (seen.has(f.name)) {
      out.duplicates.push(f.name);
      continue;
    }
    seen.add(f.name);
    out.accepted.push(f);
  }
  return out;
}

/** Upload progress in whole percent, 0–100 (an unknown total counts as 0). */
export function progressPercent(loaded: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/** The base64 part of a data URL ('data:image/png;base64,AAAA' → 'AAAA'); anything else is returned as is. */
export function base64OfDataUrl(dataUrl: string): string {
  const i = dataUrl.indexOf(';base64,');
  return i >= 0 ? dataUrl.slice(i + ';base64,'.length) : dataUrl;
}

/** Places `photo` at the top of a list, dropping any older copy of it. */
export function placeOnTop<P extends { id: number }>(list: readonly P[], photo: P): P[] {
  return [photo, ...list.filter((p) => p.id !== photo.id)];
}

/** Replaces the photo with the same id (spec 01 §4: the updated photo replaces the one in the list). */
export function replaceById<P extends { id: number }>(list: readonly P[], photo: P): P[] {
  return list.map((p) => (p.id === photo.id ? photo : p));
}
