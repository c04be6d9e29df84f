export { MediaModule } from './media.module';
export { photoDecider, photoStream, usageText, variantsVersionOf, PHOTO_NOT_FOUND, type PhotoCommand, type PhotoState } from './photos/photo';
export { UploadPhotoCommand, SavePhotoCommand, DeletePhotoCommand, uploadPhotoInput, listPhotosInput, savePhotoInput, PHOTOS_PAGE_SIZE } from './photos/photo.commands';
export {
  decodeUploadData,
  inspectImage,
  makeVariants,
  sniffFormat,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  PHOTO_UPLOAD_BODY_LIMIT,
  UPLOAD_MESSAGES,
  VARIANT_SIZES,
} from './photos/photo-image';
export { PHOTO_VARIANTS_QUEUE, photoVariantsJobId, type PhotoVariantsJob } from './photos/photo-jobs';
export { photoVariantsProcessManager } from './photos/photo-variants.process-manager';
export { photoVariantsProcessor, processPhotoVariants, type PhotoVariantsDeps } from './photos/photo-variants.processor';
export { photoKeys, fileStorageFrom } from './photos/photo-storage';
export type { PhotoView } from './photos/photo-view';
