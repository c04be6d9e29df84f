import { FsFileStorage, type AppConfig, type FileStorage } from '@tbo/kernel';

export const FILE_STORAGE = Symbol('FILE_STORAGE');

export const fileStorageFrom = (config: AppConfig): FileStorage => new FsFileStorage(config.STORAGE_DIR);

/** Server-chosen keys only: never a name from the request. */
export const photoKeys = (supplierId: number, id: number) => ({
  original: `photos/${supplierId}/${id}/original`,
  big: `photos/${supplierId}/${id}/big.webp`,
  medium: `photos/${supplierId}/${id}/medium.webp`,
  small: `photos/${supplierId}/${id}/small.webp`,
});
