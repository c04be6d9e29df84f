export { assertStorageKey, InvalidStorageKeyError, type FileStorage } from './storage.port';
export { FsFileStorage } from './fs-storage';
