import { Body, Inject, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { emptyUsage, findPhoto, listPhotos, photoUsageOf, toursUsingPhotos, type PhotoUsageRef } from '@tbo/read-models';
import { ApiController, commandContextFrom, CurrentUser, DeleteRoute, GetRoute, IdPipe, KNEX, NotFoundError, paged, PostRoute, supplierScope, zodPipe, type AuthUser, type FileStorage, type Paged } from '@tbo/kernel';
import { PHOTO_NOT_FOUND } from './photo';
import {
  DeletePhotoCommand,
  listPhotosInput,
  PHOTOS_PAGE_SIZE,
  SavePhotoCommand,
  savePhotoInput,
  UploadPhotoCommand,
  uploadPhotoInput,
  type ListPhotosInput,
  type SavePhotoInput,
  type UploadPhotoInput,
} from './photo.commands';
import { FILE_STORAGE } from './photo-storage';
import { photoView, type PhotoView } from './photo-view';
import { pipeline } from 'node:stream/promises';

const sizeParam = z.enum(['big', 'medium', 'small'], { message: 'size must be big, medium or small' });

const supplierOf = (user: AuthUser) => supplierScope(user, 'Only supplier staff manage photos');

/** The media manager's photo library (spec 01 §2, §7 /api/photos...). */
@ApiController('photos', 'api/photos')
export class PhotosController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @PostRoute('upload', ['admin', 'editor'], 'Upload a photo {guid, data: base64}; answers it with status processing (urls null) until its variants exist. Same guid again: the same photo.')
  upload(@Body(zodPipe(uploadPhotoInput)) body: UploadPhotoInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<PhotoView> {
    return this.commands.execute(new UploadPhotoCommand(supplierOf(user), body, commandContextFrom(req, user)));
  }

  @PostRoute('list', ['admin', 'editor'], "The caller's photos, newest first, 24 a page; search over title and description; toursIds: photos used by those tours; ids: only those photos")
  async list(@Body(zodPipe(listPhotosInput)) body: ListPhotosInput, @CurrentUser() user: AuthUser): Promise<Paged<PhotoView>> {
    const { rows, total, page } = await listPhotos(this.db, { supplierId: supplierOf(user), search: body.search, toursIds: body.toursIds, ids: body.ids, page: body.page, pageSize: PHOTOS_PAGE_SIZE });
    const usage = await photoUsageOf(this.db, rows.map((r) => r.id));
    const entities = rows.map((r) => photoView({ ...r, ready: r.status === 'ready', failed: r.status === 'failed' }, usage.get(r.id) ?? emptyUsage()));
    return paged(entities, page, PHOTOS_PAGE_SIZE, total);
  }

  @GetRoute('tours', ['admin', 'editor'], "Tours that use the caller's photos (the list's tours filter)")
  tours(@CurrentUser() user: AuthUser): Promise<PhotoUsageRef[]> {
    return toursUsingPhotos(this.db, supplierOf(user));
  }

  @PostRoute('', ['admin', 'editor'], 'Change a photo’s title and description; answers the updated photo')
  save(@Body(zodPipe(savePhotoInput)) body: SavePhotoInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<PhotoView> {
    return this.commands.execute(new SavePhotoCommand(supplierOf(user), body, commandContextFrom(req, user)));
  }

  @DeleteRoute(':id', ['admin', 'editor'], 'Delete a photo; refused (400, naming them) while a tour, offer, country or widget uses it')
  remove(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<null> {
    return this.commands.execute(new DeletePhotoCommand(supplierOf(user), id, commandContextFrom(req, user)));
  }

  /**
   * The image itself. Public: <img> tags send no bearer token and these images also appear on
   * public tour pages. Content type from the server (variants are always WebP), never from a
   * name a user chose; URLs carry the variants' version, so they may be cached for a year.
   */
  @GetRoute(':id/:size', 'public', 'A photo variant (big 1600 px, medium 800 px, small 320 px; WebP), cached for a year')
  async image(@Param('id', IdPipe) id: number, @Param('size', zodPipe(sizeParam)) size: 'big' | 'medium' | 'small', @Res() res: Response): Promise<void> {
    const photo = await findPhoto(this.db, id);
    const key = photo && !photo.isDeleted ? photo.variantKeys?.[size] : undefined;
    const stream = key ? await this.storage.get(key) : null;
    if (!stream) throw new NotFoundError(PHOTO_NOT_FOUND.replace(' or you are not allowed to manage it', ''));
    const info = await this.storage.stat(key!);
    res.status(200);
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    // helmet's same-origin default would stop public pages on other sites from showing the image.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (photo?.variantsVersion) res.setHeader('ETag', `"${photo.variantsVersion}-${size}"`);
    if (info) res.setHeader('Content-Length', String(info.size));
    // pipeline, not pipe: a browser that goes away mid-image (a page closed, a list scrolled) closes the file at once
    // instead of leaving its descriptor to the garbage collector.
    await pipeline(stream, res).catch(() => res.destroy());
  }
}
