import type { PhotoEvent } from '@tbo/event-schemas';
import { deletedFlag, supplierItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';

/**
 * The photo library (media manager). A photo is 'processing' from its upload until
 * PhotoVariantsCreated: only then do its variant keys (and URLs) exist.
 *
 * Version 2: what uses each photo moved to its own projection (photo-usage.projection), which
 * reads the catalog's events.
 *
 * PhotoVariantsFailed (its variants job failed for good) makes a processing photo 'failed'. No version bump for it:
 * no stored event of that type predates this code, so no existing row changes.
 */
export const photosProjection = defineProjection<PhotoEvent>({
  name: 'photos',
  version: 2,
  handles: ['PhotoUploaded', 'PhotoVariantsCreated', 'PhotoVariantsFailed', 'PhotoDetailsChanged', 'PhotoDeleted'],
  tables: {
    photos: (t) => {
      supplierItemKey(t);
      t.text('guid').notNullable();
      t.text('title').notNullable().defaultTo('');
      t.text('description').notNullable().defaultTo('');
      t.integer('width').notNullable();
      t.integer('height').notNullable();
      t.text('format').notNullable();
      t.integer('bytes').notNullable();
      t.text('original_key').notNullable();
      t.text('status').notNullable();
      t.jsonb('variant_keys');
      t.text('variants_version');
      deletedFlag(t);
      t.specificType('uploaded_at', 'timestamptz').notNullable();
      t.index(['supplier_id', 'is_deleted', 'id']);
    },
  },
  async afterCreate(trx, table) {
    const photos = table('photos');
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (title gin_trgm_ops)', [`${photos}_title_trgm`, photos]);
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (description gin_trgm_ops)', [`${photos}_description_trgm`, photos]);
  },
  async apply({ trx, table }, event) {
    const photos = table('photos');
    switch (event.type) {
      case 'PhotoUploaded': {
        const d = event.data;
        await trx(photos)
          .insert({
            id: d.id,
            supplier_id: d.supplierId,
            guid: d.guid,
            width: d.width,
            height: d.height,
            format: d.format,
            bytes: d.bytes,
            original_key: d.originalKey,
            status: 'processing',
            uploaded_at: event.recordedAt,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'PhotoVariantsCreated':
        await trx(photos)
          .where({ id: event.data.id })
          .update({ status: 'ready', variant_keys: JSON.stringify(event.data.keys), variants_version: event.data.version });
        return;
      case 'PhotoVariantsFailed':
        // Only a photo still waiting: a ready one keeps its variants.
        await trx(photos).where({ id: event.data.id, status: 'processing' }).update({ status: 'failed' });
        return;
      case 'PhotoDetailsChanged':
        await trx(photos).where({ id: event.data.id }).update({ title: event.data.title, description: event.data.description });
        return;
      case 'PhotoDeleted':
        await trx(photos).where({ id: event.data.id }).update({ is_deleted: true });
        return;
    }
  },
});
