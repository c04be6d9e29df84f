import { createEventRegistry, type DomainEvent, type RecordedEvent } from '@tbo/event-schemas';
import { defineProjection, type ProjectionContext } from '../runner/projection';

/**
 * Bookkeeping streams nobody acted on as such (an email's or a name's reservation, the admins' roster, an upload's
 * guid): their user-facing twin is listed (the upload's PhotoUploaded).
 */
const NOT_ACTIVITY = new Set(['UserEmailReserved', 'UserEmailReleased', 'NameReserved', 'NameReleased', 'StaffRosterOpened', 'SupplierAdminGranted', 'SupplierAdminRevoked', 'PhotoGuidClaimed']);

/** Every event type a person's command can write, so the log needs no change when a context gains one. */
export const ACTIVITY_TYPES: readonly string[] = createEventRegistry()
  .types()
  .filter((t) => !NOT_ACTIVITY.has(t))
  .sort();

/** The supplier a command was sent for (metadata.tenantId `supplier-<id>`); agencies' and the platform's are not a supplier's activity. */
export function supplierOfTenant(tenantId: string | null | undefined): number | null {
  const m = /^supplier-(\d{1,10})$/.exec(tenantId ?? '');
  return m ? Number(m[1]) : null;
}

/** The kind of item a stream holds and its key: `tour-12` → tour, 12; `arrivalgroup-3.41` → arrivalgroup, 3.41. */
export function itemOfStream(streamId: string): { kind: string; key: string } {
  const at = streamId.indexOf('-');
  return at < 0 ? { kind: streamId, key: '' } : { kind: streamId.slice(0, at), key: streamId.slice(at + 1) };
}

/** The name an event gives its item, when it carries one (the log shows names, not ids). */
export function labelOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  for (const k of ['nameInternal', 'nameDisplay', 'fullName', 'name', 'title']) {
    const v = d[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  }
  return null;
}

/** An offer's tour: its history page lives under the tour (/tours/{tourId}/{offerId}). */
const parentOf = (data: unknown): number | null => {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>).tourId : null;
  return typeof v === 'number' ? v : null;
};

async function applyAll({ trx, table }: ProjectionContext, events: readonly RecordedEvent[]): Promise<void> {
  const rows = [];
  const items = new Map<string, { stream_id: string; label: string | null; parent_id: number | null }>();
  for (const e of events) {
    // Names are kept whoever wrote them (a user registered from the command line is still named in the log).
    const label = labelOf(e.data);
    const parent = parentOf(e.data);
    const known = items.get(e.streamId);
    if (label !== null || parent !== null) items.set(e.streamId, { stream_id: e.streamId, label: label ?? known?.label ?? null, parent_id: parent ?? known?.parent_id ?? null });
    const supplierId = supplierOfTenant(e.metadata.tenantId);
    if (supplierId === null) continue;
    const { kind, key } = itemOfStream(e.streamId);
    rows.push({
      event_id: e.eventId,
      supplier_id: supplierId,
      occurred_at: e.metadata.occurredAt ?? e.recordedAt,
      user_email: e.metadata.userId ?? null,
      acted_by: e.metadata.actedBy ?? null,
      event_type: e.type,
      stream_id: e.streamId,
      item_kind: kind,
      item_key: key,
    });
  }
  if (rows.length) await trx(table('activity')).insert(rows).onConflict('event_id').ignore();
  if (items.size) {
    await trx(table('activity_items'))
      .insert([...items.values()])
      .onConflict('stream_id')
      .merge({ label: trx.raw('coalesce(excluded.label, ??.label)', [table('activity_items')]), parent_id: trx.raw('coalesce(excluded.parent_id, ??.parent_id)', [table('activity_items')]) });
  }
}

/**
 * Who did what and when, per supplier (/admin/activity): one row per event a supplier's user caused, from the
 * event's metadata (user, the admin behind a 'log me in', time), plus each item's latest name. A projection
 * rather than a query over the events table: it runs the same over the EventStoreDB adapter, and the log's
 * filters get indexes of their own.
 */
export const activityProjection = defineProjection<DomainEvent>({
  name: 'activity',
  // 2: PhotoGuidClaimed left the log (every upload listed it beside PhotoUploaded); the rebuild drops its rows.
  version: 2,
  // Read by people browsing the log, never right after their own command.
  background: true,
  handles: ACTIVITY_TYPES,
  tables: {
    activity: (t) => {
      t.bigIncrements('seq');
      t.text('event_id').notNullable().unique();
      t.integer('supplier_id').notNullable();
      t.specificType('occurred_at', 'timestamptz(3)').notNullable();
      t.text('user_email');
      t.text('acted_by');
      t.text('event_type').notNullable();
      t.text('stream_id').notNullable();
      t.text('item_kind').notNullable();
      t.text('item_key').notNullable();
      t.index(['supplier_id', 'occurred_at']);
      t.index(['supplier_id', 'user_email', 'occurred_at']);
      t.index(['supplier_id', 'item_kind', 'occurred_at']);
    },
    activity_items: (t) => {
      t.text('stream_id').primary();
      t.text('label');
      t.integer('parent_id');
    },
  },
  apply: (ctx, event) => applyAll(ctx, [event]),
  applyBatch: (ctx, events) => applyAll(ctx, events),
});
