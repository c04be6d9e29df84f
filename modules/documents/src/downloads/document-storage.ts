import { FsFileStorage, type AppConfig, type FileStorage } from '@tbo/kernel';

export const DOCUMENT_STORAGE = Symbol('DOCUMENT_STORAGE');

export const documentStorageFrom = (config: AppConfig): FileStorage => new FsFileStorage(config.STORAGE_DIR);
