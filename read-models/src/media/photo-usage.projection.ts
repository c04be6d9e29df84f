import type { Knex } from 'knex';
import type { OfferEvent, PhotoUsageEvent, TourEvent } from '@tbo/event-schemas';
import { deletedFlag } from '../runner/columns';
import { defineProjection, type ProjectionContext } from '../runner/projection';

/** What can use a photo and is derived from the catalog's own events. */
type SourceKind = 'tour' | 'offer';

interface SourceRow {
  kind: SourceKind;
  ref_id: number;
  supplier_id: number;
  tour_id: number;
  name: string;
  photo_ids: number[];
  is_deleted: boolean;
}

/** The photos an item shows: its photos and its hero image (the catalog keeps the hero among the photos, older events may not). */
const photoIdsOf = (d: { photos: number[]; heroImageId: number | null }) => [...new Set([...d.photos, ...(d.heroImageId ? [d.heroImageId] : [])])];

/**
 * Where each photo is used (the media manager's usage lists, its tours filter and the delete
 * check). Tours and offers are read from the catalog's own events, so the catalog knows nothing of
 * the media module and a rebuild gives every existing tour and offer its usage. A deleted tour or
 * offer, and an offer of a deleted tour, uses nothing.
 *
 * `photo_use_sources` holds each tour's and offer's current name and photos; `photo_uses` is one
 * row per photo and user, rewritten from its source whenever the source changes. `tour_id` is the
 * tour a use belongs to (the tour itself, or the offer's tour), which the tours filter reads.
 * PhotoUsageRecorded/Removed still record uses by things outside the catalog (countries, widgets).
 *
 * The tables are not called `photo_usage`: version 1 of the photos projection had a table of that
 * name, and a database from then still has its view and its generation's table.
 */
export const photoUsageProjection = defineProjection<TourEvent | OfferEvent | PhotoUsageEvent>({
  name: 'photo_usage',
  version: 1,
  handles: [
    'TourCreated',
    'TourBasicDetailsChanged',
    'TourMediaChanged',
    'TourDeleted',
    'TourRestored',
    'OfferCreated',
    'OfferDetailsChanged',
    'OfferDeleted',
    'OfferRestored',
    'PhotoUsageRecorded',
    'PhotoUsageRemoved',
  ],
  tables: {
    photo_uses: (t) => {
      t.integer('photo_id').notNullable();
      t.text('kind').notNullable();
      t.integer('ref_id').notNullable();
      t.text('name').notNullable();
      t.integer('tour_id');
      // Null for uses recorded without a supplier (countries and widgets are platform-wide).
      t.integer('supplier_id');
      t.primary(['photo_id', 'kind', 'ref_id']);
      t.index(['kind', 'ref_id']);
      t.index(['tour_id']);
    },
    photo_use_sources: (t) => {
      t.text('kind').notNullable();
      t.integer('ref_id').notNullable();
      t.integer('supplier_id').notNullable();
      t.integer('tour_id').notNullable();
      t.text('name').notNullable().defaultTo('');
      t.specificType('photo_ids', 'integer[]').notNullable().defaultTo('{}');
      deletedFlag(t);
      t.primary(['kind', 'ref_id']);
      t.index(['tour_id']);
    },
  },
  async apply(ctx, event) {
    switch (event.type) {
      case 'TourCreated':
        await upsertSource(ctx, { kind: 'tour', ref_id: event.data.id, supplier_id: event.data.supplierId, tour_id: event.data.id }, []);
        return;
      case 'TourBasicDetailsChanged': {
        const d = event.data;
        await upsertSource(ctx, { kind: 'tour', ref_id: d.id, supplier_id: d.supplierId, tour_id: d.id, name: d.nameInternal }, ['name']);
        await syncUses(ctx, 'tour', d.id);
        return;
      }
      case 'TourMediaChanged': {
        const d = event.data;
        await upsertSource(ctx, { kind: 'tour', ref_id: d.id, supplier_id: d.supplierId, tour_id: d.id, photo_ids: photoIdsOf(d) }, ['photo_ids']);
        await syncUses(ctx, 'tour', d.id);
        return;
      }
      case 'TourDeleted':
      case 'TourRestored': {
        const d = event.data;
        await upsertSource(ctx, { kind: 'tour', ref_id: d.id, supplier_id: d.supplierId, tour_id: d.id, is_deleted: event.type === 'TourDeleted' }, ['is_deleted']);
        await syncUses(ctx, 'tour', d.id);
        // The tour's offers go and come back with it.
        const offers: { ref_id: number }[] = await ctx.trx(ctx.table('photo_use_sources')).select('ref_id').where({ kind: 'offer', tour_id: d.id });
        for (const o of offers) await syncUses(ctx, 'offer', o.ref_id);
        return;
      }
      case 'OfferCreated': {
        const d = event.data;
        await upsertSource(ctx, { kind: 'offer', ref_id: d.id, supplier_id: d.supplierId, tour_id: d.tourId }, ['tour_id']);
        return;
      }
      case 'OfferDetailsChanged': {
        const d = event.data;
        await upsertSource(ctx, { kind: 'offer', ref_id: d.id, supplier_id: d.supplierId, tour_id: d.tourId, name: d.nameInternal, photo_ids: photoIdsOf(d) }, [
          'tour_id',
          'name',
          'photo_ids',
        ]);
        await syncUses(ctx, 'offer', d.id);
        return;
      }
      case 'OfferDeleted':
      case 'OfferRestored': {
        const d = event.data;
        await ctx
          .trx(ctx.table('photo_use_sources'))
          .where({ kind: 'offer', ref_id: d.id })
          .update({ is_deleted: event.type === 'OfferDeleted' });
        await syncUses(ctx, 'offer', d.id);
        return;
      }
      case 'PhotoUsageRecorded': {
        const d = event.data;
        await ctx
          .trx(ctx.table('photo_uses'))
          .insert({ photo_id: d.photoId, kind: d.kind, ref_id: d.refId, name: d.name, tour_id: d.kind === 'tour' ? d.refId : null })
          .onConflict(['photo_id', 'kind', 'ref_id'])
          .merge(['name']);
        return;
      }
      case 'PhotoUsageRemoved':
        await ctx.trx(ctx.table('photo_uses')).where({ photo_id: event.data.photoId, kind: event.data.kind, ref_id: event.data.refId }).delete();
        return;
    }
  },
});

/** Inserts the source or updates the given columns of it (the key columns always come with the event). */
async function upsertSource(ctx: ProjectionContext, row: Partial<SourceRow> & Pick<SourceRow, 'kind' | 'ref_id' | 'supplier_id' | 'tour_id'>, merge: (keyof SourceRow)[]): Promise<void> {
  const q = ctx.trx(ctx.table('photo_use_sources')).insert(row).onConflict(['kind', 'ref_id']);
  await (merge.length ? q.merge(merge) : q.ignore());
}

/** Rewrites the uses of one tour or offer from its source. */
async function syncUses({ trx, table }: ProjectionContext, kind: SourceKind, refId: number): Promise<void> {
  const uses = table('photo_uses');
  await trx(uses).where({ kind, ref_id: refId }).delete();
  const source = await trx<SourceRow>(table('photo_use_sources')).where({ kind, ref_id: refId }).first();
  if (!source || source.is_deleted || source.photo_ids.length === 0) return;
  if (kind === 'offer' && (await tourIsDeleted(trx, table('photo_use_sources'), source.tour_id))) return;
  await trx(uses)
    .insert(source.photo_ids.map((photoId) => ({ photo_id: photoId, kind, ref_id: refId, name: source.name, tour_id: source.tour_id, supplier_id: source.supplier_id })))
    .onConflict(['photo_id', 'kind', 'ref_id'])
    .merge(['name', 'tour_id', 'supplier_id']);
}

async function tourIsDeleted(trx: Knex.Transaction, sources: string, tourId: number): Promise<boolean> {
  const tour = await trx<SourceRow>(sources).select('is_deleted').where({ kind: 'tour', ref_id: tourId }).first();
  return !!tour?.is_deleted;
}
