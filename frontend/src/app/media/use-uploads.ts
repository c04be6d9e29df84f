import { useCallback, useEffect, useRef, useState } from 'react';
import type { Photo } from './api/photo.schema';
import { readAsDataUrl, uploadPhoto, UploadError, type UploadHandle } from './api/upload-photo';
import { base64OfDataUrl, refusedBySize, titleOfFileName, uploadErrorMessage } from './upload.logic';

/** Spec 01 §3 uploading file: the file, its guid, progress 0–100; plus where it stands and a local preview. */
export interface UploadingFile {
  guid: string;
  name: string;
  progress: number;
  phase: 'uploading' | 'processing' | 'error';
  error: string | null;
  /** The refused upload's HTTP status (0 before an answer or for a network failure). */
  status: number;
  detail: string | null;
  previewUrl: string | null;
}

function newGuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/**
 * The uploading list (spec 01 §4): each file joins it, its progress updates, at 100% it shows Processing, and when
 * the server answers it leaves the list and `onUploaded` gets the photo. A failure stays in the list with the
 * spec 01 §8 message until dismissed, and `onFailed` is told.
 */
export function useUploads(onUploaded: (photo: Photo) => void, onFailed: (err: UploadError, name: string) => void) {
  const [items, setItems] = useState<UploadingFile[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());
  const callbacks = useRef({ onUploaded, onFailed });
  callbacks.current = { onUploaded, onFailed };

  const patch = useCallback((guid: string, p: Partial<UploadingFile>) => {
    setItems((list) => list.map((x) => (x.guid === guid ? { ...x, ...p } : x)));
  }, []);

  const remove = useCallback((guid: string) => {
    setItems((list) => list.filter((x) => x.guid !== guid));
    handles.current.delete(guid);
  }, []);

  const start = useCallback(
    (file: File) => {
      const guid = newGuid();
      setItems((list) => [{ guid, name: file.name, progress: 0, phase: 'uploading', error: null, status: 0, detail: null, previewUrl: null }, ...list]);
      void (async () => {
        try {
          const tooLarge = refusedBySize(file.size);
          if (tooLarge) throw new UploadError(tooLarge, null);
          // The data URL is both the local preview (the CSP allows data: images, not blob:) and the base64 sent.
          const dataUrl = await readAsDataUrl(file);
          patch(guid, { previewUrl: dataUrl });
          const data = base64OfDataUrl(dataUrl);
          const handle = uploadPhoto({ guid, data, title: titleOfFileName(file.name) }, (progress) => patch(guid, progress >= 100 ? { progress: 100, phase: 'processing' } : { progress }));
          handles.current.set(guid, handle);
          const photo = await handle.promise;
          remove(guid);
          callbacks.current.onUploaded(photo);
        } catch (err) {
          const e = err instanceof UploadError ? err : new UploadError(0, (err as Error)?.message ?? null);
          if (e.detail === 'aborted') return;
          patch(guid, { phase: 'error', error: uploadErrorMessage(e.status), status: e.status, detail: e.detail });
          callbacks.current.onFailed(e, file.name);
        }
      })();
    },
    [patch, remove],
  );

  const addFiles = useCallback((files: readonly File[]) => files.forEach(start), [start]);

  // Leaving the page aborts what is still being sent.
  useEffect(() => {
    const map = handles.current;
    return () => map.forEach((h) => h.abort());
  }, []);

  return { items, addFiles, dismiss: remove };
}
