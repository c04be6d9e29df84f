import { useTranslation } from 'react-i18next';
import { ApiError, serverMessage } from '../../lib/api-client';
import { isUsed, type Photo } from './api/photo.schema';

/** Upload refusals the interface can say itself, by status (the server explains them in English only). */
const UPLOAD_REFUSALS: Record<number, string> = { 413: 'upload.refusedSize', 415: 'upload.refusedFormat' };

/**
 * The server words its refusals in English. In English they are shown as they are (they name the exact cause); in
 * another language the interface says the same from what it knows: the refused upload's status, else its text
 * where the server-message table knows it (an empty file, too many pixels), or where a photo that cannot be
 * deleted is used.
 */
export function useRefusalText() {
  const { t, i18n } = useTranslation('media');
  const english = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const uploadDetail = (status: number, detail: string | null): string | null => {
    const key = UPLOAD_REFUSALS[status];
    // A file the browser refused before sending (over the size limit) has no server words: the interface's then.
    if (english) return detail ?? (key ? t(key) : null);
    return key ? t(key) : detail && serverMessage(detail);
  };
  const deleteError = (photo: Photo, err: unknown): string => {
    const message = err instanceof Error ? err.message : String(err);
    if (english || !(err instanceof ApiError) || err.code < 400 || err.code >= 500 || !isUsed(photo)) return message;
    const groups: [string, { name: string }[] | null | undefined][] = [
      ['preview.tours', photo.usedInTours],
      ['preview.offers', photo.usedInOffers],
      ['preview.countries', photo.usedInCountries],
      ['preview.widgets', photo.usedInWidgets],
    ];
    const places = groups
      .filter(([, items]) => items?.length)
      .map(([label, items]) => `${t(label)}: ${items!.map((x) => `«${x.name}»`).join(', ')}`)
      .join('; ');
    return t('delete.inUse', { places });
  };
  return { uploadDetail, deleteError };
}
