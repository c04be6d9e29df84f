import { UNAUTHORIZED } from '../../../lib/api-client';
import { signOut } from '../../../lib/auth-session';
import { getToken } from '../../../lib/auth-token';
import { progressPercent, uploadErrorMessage } from '../upload.logic';
import { photoSchema, type Photo } from './photo.schema';

/** A failed upload: the status (0 for a network failure) and the message of spec 01 §8 (in Russian). */
export class UploadError extends Error {
  status: number;
  /** The server's own explanation, when it gave one (e.g. 'not a supported image'). */
  detail: string | null;
  constructor(status: number, detail: string | null) {
    super(uploadErrorMessage(status));
    this.name = 'UploadError';
    this.status = status;
    this.detail = detail;
  }
}

/** Reads a file as a data URL ('data:image/png;base64,…'). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface UploadHandle {
  promise: Promise<Photo>;
  abort: () => void;
}

/** POST /api/photos/upload (spec 01 §7); `title` is the photo's first title (optional). */
export interface UploadPhotoRequest {
  guid: string;
  data: string;
  title?: string;
}

interface EnvelopeLike {
  IsOk?: boolean;
  Code?: number;
  Content?: unknown;
  ErrorMessage?: string | null;
}

function parseJson(text: string): EnvelopeLike | null {
  try {
    return text ? (JSON.parse(text) as EnvelopeLike) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/photos/upload with progress: XMLHttpRequest, because fetch reports no upload progress. Sends the bearer
 * token; answers the photo from the envelope, checked against the photo schema. `onProgress` gets 0–100. A 401 for a
 * token we sent signs the user out with 'Unauthorized', as apiCall does for every other call.
 */
export function uploadPhoto(body: UploadPhotoRequest, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Photo>((resolve, reject) => {
    xhr.open('POST', '/api/photos/upload');
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(progressPercent(e.loaded, e.total));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      const env = parseJson(xhr.responseText);
      const isEnvelope = !!env && typeof env === 'object' && 'IsOk' in env;
      const ok = xhr.status >= 200 && xhr.status < 300 && (!isEnvelope || env!.IsOk);
      if (!ok) {
        const status = xhr.status >= 200 && xhr.status < 300 ? (env?.Code ?? 500) : xhr.status;
        if (status === 401 && token) signOut(UNAUTHORIZED);
        reject(new UploadError(status, env?.ErrorMessage ?? null));
        return;
      }
      const parsed = photoSchema.safeParse(isEnvelope ? env!.Content : env);
      if (parsed.success) resolve(parsed.data);
      else reject(new UploadError(xhr.status, `Unexpected answer: ${parsed.error.issues[0]?.path.join('.') ?? ''}`));
    };
    xhr.onerror = () => reject(new UploadError(0, null));
    xhr.onabort = () => reject(new UploadError(0, 'aborted'));
    xhr.send(JSON.stringify(body));
  });
  return { promise, abort: () => xhr.abort() };
}
