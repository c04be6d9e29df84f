import type { PhotoEvent, PhotoUsageEvent } from '@tbo/event-schemas';
import type { Projection } from '../runner/projection';

/**
 * The photo library (media manager) and what uses each photo. A photo is 'processing' from its
 * upload until PhotoVariantsCreated: only then do its variant keys (and URLs) exist. photo_usage
 * is fed by PhotoUsageRecorded/Removed, which the catalog (tours, countries, widgets) emits.
 */
export const photosProjection: Projection = {
  name: 'photos',
  version: 1,
  handles: ['PhotoUploaded', 'PhotoVariantsCreated', 'PhotoDetailsChanged', 'PhotoDeleted', 'PhotoUsageRecorded', 'PhotoUsageRemoved'],
  tables: {
    photos: (t) => {
      t.integer('id').primary();
      t.integer('supplier_id').notNullable();
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
      t.boolean('is_deleted').notNullable().defaultTo(false);
      t.specificType('uploaded_at', 'timestamptz').notNullable();
      t.index(['supplier_id', 'is_deleted', 'id']);
    },
    photo_usage: (t) => {
      t.integer('photo_id').notNullable();
      t.text('kind').notNullable();
      t.integer('ref_id').notNullable();
      t.text('name').notNullable();
      t.primary(['photo_id', 'kind', 'ref_id']);
      t.index(['kind', 'ref_id']);
    },
  },
  async afterCreate(trx, table) {
    const photos = table('photos');
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (title gin_trgm_ops)', [`${photos}_title_trgm`, photos]);
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (description gin_trgm_ops)', [`${photos}_description_trgm`, photos]);
  },
  async apply({ trx, table }, recorded) {
    const event = recorded as unknown as PhotoEvent | PhotoUsageEvent;
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
            uploaded_at: recorded.recordedAt,
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
      case 'PhotoDetailsChanged':
        await trx(photos).where({ id: event.data.id }).update({ title: event.data.title, description: event.data.description });
        return;
      case 'PhotoDeleted':
        await trx(photos).where({ id: event.data.id }).update({ is_deleted: true });
        return;
      case 'PhotoUsageRecorded': {
        const d = event.data;
        await trx(table('photo_usage'))
          .insert({ photo_id: d.photoId, kind: d.kind, ref_id: d.refId, name: d.name })
          .onConflict(['photo_id', 'kind', 'ref_id'])
          .merge(['name']);
        return;
      }
      case 'PhotoUsageRemoved':
        await trx(table('photo_usage')).where({ photo_id: event.data.photoId, kind: event.data.kind, ref_id: event.data.refId }).delete();
        return;
    }
  },
};
