import type { Knex } from 'knex';

export interface ActivityFilter {
  /** A user's email: what they did, and what an admin did as them through 'log me in'. */
  user?: string;
  /** The kind of item (the stream's prefix: tour, offer, booking, user, …). */
  kind?: string;
  /** Dubai days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

export interface ActivityEntry {
  id: number;
  at: string;
  user: string | null;
  userName: string | null;
  /** The admin who acted as `user` through 'log me in'. */
  actedBy: string | null;
  actedByName: string | null;
  type: string;
  kind: string;
  /** The item's key in its stream (a tour's or booking's id); the screen links it, never shows it bare. */
  itemKey: string;
  itemLabel: string | null;
  /** An offer's tour (its history page is under the tour). */
  parentId: number | null;
}

interface Row {
  seq: string;
  occurred_at: Date;
  user_email: string | null;
  user_name: string | null;
  acted_by: string | null;
  acted_by_name: string | null;
  event_type: string;
  item_kind: string;
  item_key: string;
  label: string | null;
  parent_id: number | null;
}

function filtered(db: Knex, supplierId: number, f: ActivityFilter): Knex.QueryBuilder {
  const q = db('activity as a').where('a.supplier_id', supplierId);
  if (f.user) q.andWhere((w) => w.where('a.user_email', f.user!).orWhere('a.acted_by', f.user!));
  if (f.kind) q.andWhere('a.item_kind', f.kind);
  if (f.from) q.andWhere('a.occurred_at', '>=', db.raw(`(?::date)::timestamp AT TIME ZONE 'Asia/Dubai'`, [f.from]));
  if (f.to) q.andWhere('a.occurred_at', '<', db.raw(`(?::date + 1)::timestamp AT TIME ZONE 'Asia/Dubai'`, [f.to]));
  return q;
}

/** One page of a supplier's activity, newest first, with the users' and items' names. */
export async function activityOf(db: Knex, supplierId: number, f: ActivityFilter, offset: number, limit: number): Promise<{ entries: ActivityEntry[]; total: number }> {
  const counted = await filtered(db, supplierId, f).count<{ count: string }[]>('* as count');
  const count = counted[0]?.count ?? 0;
  const rows: Row[] = await filtered(db, supplierId, f)
    .leftJoin('users as u', 'u.email', 'a.user_email')
    .leftJoin('users as b', 'b.email', 'a.acted_by')
    .leftJoin('activity_items as i', 'i.stream_id', 'a.stream_id')
    .select('a.seq', 'a.occurred_at', 'a.user_email', 'u.full_name as user_name', 'a.acted_by', 'b.full_name as acted_by_name', 'a.event_type', 'a.item_kind', 'a.item_key', 'i.label', 'i.parent_id')
    .orderBy([
      { column: 'a.occurred_at', order: 'desc' },
      { column: 'a.seq', order: 'desc' },
    ])
    .offset(offset)
    .limit(limit);
  return {
    total: Number(count),
    entries: rows.map((r) => ({
      id: Number(r.seq),
      at: new Date(r.occurred_at).toISOString(),
      user: r.user_email,
      userName: r.user_name,
      actedBy: r.acted_by,
      actedByName: r.acted_by_name,
      type: r.event_type,
      kind: r.item_kind,
      itemKey: r.item_key,
      itemLabel: r.label,
      parentId: r.parent_id,
    })),
  };
}

/** What the log's filters offer: the users who did something for the supplier (with names) and the kinds of item touched. */
export async function activityFilterOptions(db: Knex, supplierId: number): Promise<{ users: { email: string; name: string | null }[]; kinds: string[] }> {
  const users: { email: string; name: string | null }[] = await db
    .select('x.email', 'u.full_name as name')
    .from(
      db('activity').where({ supplier_id: supplierId }).whereNotNull('user_email').distinct('user_email as email')
        .union((q) => q.from('activity').where({ supplier_id: supplierId }).whereNotNull('acted_by').distinct('acted_by as email'))
        .as('x'),
    )
    .leftJoin('users as u', 'u.email', 'x.email')
    .orderByRaw('coalesce(u.full_name, x.email)');
  const kinds: { item_kind: string }[] = await db('activity').where({ supplier_id: supplierId }).distinct('item_kind').orderBy('item_kind');
  return { users, kinds: kinds.map((k) => k.item_kind) };
}
