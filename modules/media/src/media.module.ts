import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@tbo/kernel';
import { DeletePhotoHandler, SavePhotoHandler, UploadPhotoHandler } from './photos/photo-handlers';
import { FILE_STORAGE, fileStorageFrom } from './photos/photo-storage';
import { PhotosController } from './photos/photos.controller';

/** Photos: upload, variants (made by the worker), the library and its usage. */
@Module({
  controllers: [PhotosController],
  providers: [UploadPhotoHandler, SavePhotoHandler, DeletePhotoHandler, { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: fileStorageFrom }],
})
export class MediaModule {}
