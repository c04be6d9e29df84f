import type { Knex } from 'knex';
import { REPORT_STATUS } from './reports.projection';

/**
 * The reports: aggregates of report_bookings (the live view, or an as-of build's table), one supplier's, over a
 * window of tour dates or of booking dates (Dubai), optionally one tour and one agency. Sales, commissions and pax
 * count the bookings that stand (not cancelled or declined); the cancellations report the others.
 */

export const REPORT_KINDS = [
  'sales-by-tour',
  'sales-by-agency',
  'sales-by-agent',
  'sales-by-day',
  'sales-by-month',
  'commissions-by-agency',
  'pax-by-date-slot',
  'cancellations',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportFilter {
  supplierId: number;
  /** Which date the window is on: the tour's date or the day it was booked. */
  dateBasis: 'tour' | 'booking';
  from?: string;
  to?: string;
  tourId?: number;
  agencyId?: number;
}

/** A report line: its labels (those of its kind) and every figure (the kind's columns show some of them). */
export interface ReportLine {
  tourId?: number | null;
  tourName?: string;
  offerId?: number | null;
  offerName?: string;
  agencyId?: number | null;
  agencyName?: string;
  agentId?: number | null;
  agentName?: string;
  day?: string;
  month?: string;
  timeSlotName?: string | null;
  startTime?: number | null;
  bookings: number;
  adults: number;
  children: number;
  infants: number;
  foc: number;
  totalUsd: number;
  totalAed: number;
  netUsd: number;
  netAed: number;
  grossSales: number;
  commission: number;
  cancelled: number;
  declined: number;
  refundUsd: number;
  refundAed: number;
  penaltyUsd: number;
  penaltyAed: number;
}

export interface ReportAnswer {
  kind: ReportKind;
  lines: ReportLine[];
  totals: ReportLine;
}

const FIGURES = [
  'count(*)::int AS bookings',
  'coalesce(sum(r.ad), 0)::int AS adults',
  'coalesce(sum(r.ch), 0)::int AS children',
  'coalesce(sum(r.inf), 0)::int AS infants',
  'coalesce(sum(r.foc), 0)::int AS foc',
  'coalesce(sum(r.total_usd), 0)::float8 AS "totalUsd"',
  'coalesce(sum(r.total_aed), 0)::float8 AS "totalAed"',
  'coalesce(sum(r.net_usd), 0)::float8 AS "netUsd"',
  'coalesce(sum(r.net_aed), 0)::float8 AS "netAed"',
  'coalesce(sum(r.gross_sales), 0)::float8 AS "grossSales"',
  'coalesce(sum(r.commission), 0)::float8 AS commission',
  `count(*) FILTER (WHERE r.cancel_kind = 'cancelled')::int AS cancelled`,
  `count(*) FILTER (WHERE r.cancel_kind = 'declined')::int AS declined`,
  'coalesce(sum(r.refund_usd), 0)::float8 AS "refundUsd"',
  'coalesce(sum(r.refund_aed), 0)::float8 AS "refundAed"',
  'coalesce(sum(r.penalty_usd), 0)::float8 AS "penaltyUsd"',
  'coalesce(sum(r.penalty_aed), 0)::float8 AS "penaltyAed"',
].join(', ');

interface Grouping {
  select: string;
  groupBy: string;
  orderBy: string;
  joins?: (q: Knex.QueryBuilder) => void;
}

function grouping(db: Knex, kind: ReportKind, dayColumn: string): Grouping {
  switch (kind) {
    case 'sales-by-tour':
    case 'cancellations':
      return {
        select: 'r.tour_id AS "tourId", max(r.tour_name) AS "tourName", r.offer_id AS "offerId", max(r.offer_name) AS "offerName"',
        groupBy: 'r.tour_id, r.offer_id',
        orderBy: 'lower(max(r.tour_name)), lower(max(r.offer_name)), r.offer_id',
      };
    case 'sales-by-agency':
    case 'commissions-by-agency':
      return {
        select: `r.agency_id AS "agencyId", coalesce(max(a.name), '') AS "agencyName"`,
        groupBy: 'r.agency_id',
        orderBy: 'r.agency_id IS NULL, lower(coalesce(max(a.name), \'\')), r.agency_id',
        joins: (q) => q.leftJoin('contract_agencies as a', 'a.id', 'r.agency_id'),
      };
    case 'sales-by-agent':
      return {
        select: `r.agency_id AS "agencyId", coalesce(max(a.name), '') AS "agencyName", coalesce(r.agent_id, r.staff_agent_id) AS "agentId", coalesce(max(u.full_name), '') AS "agentName"`,
        groupBy: 'r.agency_id, coalesce(r.agent_id, r.staff_agent_id)',
        orderBy: 'r.agency_id IS NULL, lower(coalesce(max(a.name), \'\')), lower(coalesce(max(u.full_name), \'\')), 3',
        joins: (q) => q.leftJoin('contract_agencies as a', 'a.id', 'r.agency_id').leftJoin('users as u', 'u.id', db.raw('coalesce(r.agent_id, r.staff_agent_id)')),
      };
    case 'sales-by-day':
      return { select: `to_char(${dayColumn}, 'YYYY-MM-DD') AS day`, groupBy: dayColumn, orderBy: dayColumn };
    case 'sales-by-month':
      return { select: `to_char(${dayColumn}, 'YYYY-MM') AS month`, groupBy: `to_char(${dayColumn}, 'YYYY-MM')`, orderBy: `to_char(${dayColumn}, 'YYYY-MM')` };
    case 'pax-by-date-slot':
      return {
        select: `to_char(r.date, 'YYYY-MM-DD') AS day, r.time_slot_name AS "timeSlotName", r.start_time AS "startTime"`,
        groupBy: 'r.date, r.time_slot_id, r.time_slot_name, r.start_time',
        orderBy: 'r.date, r.start_time NULLS FIRST, r.time_slot_name',
      };
  }
}

function filtered(db: Knex, table: string, kind: ReportKind, f: ReportFilter, dayColumn: string): Knex.QueryBuilder {
  const q = db({ r: table }).where('r.supplier_id', f.supplierId);
  if (kind === 'cancellations') q.where('r.status', REPORT_STATUS.cancelled);
  else q.whereNot('r.status', REPORT_STATUS.cancelled);
  if (kind === 'commissions-by-agency') q.whereNotNull('r.agency_id');
  if (f.from) q.where(db.raw(dayColumn), '>=', f.from);
  if (f.to) q.where(db.raw(dayColumn), '<=', f.to);
  if (f.tourId) q.where('r.tour_id', f.tourId);
  if (f.agencyId) q.where('r.agency_id', f.agencyId);
  return q;
}

/** A report from `table` (the live `report_bookings`, or asOfTable('report_bookings', id)). */
export async function runReport(db: Knex, table: string, kind: ReportKind, f: ReportFilter): Promise<ReportAnswer> {
  const dayColumn = f.dateBasis === 'booking' ? 'r.booked_on' : 'r.date';
  const g = grouping(db, kind, dayColumn);
  const q = filtered(db, table, kind, f, dayColumn).select(db.raw(`${g.select}, ${FIGURES}`)).groupByRaw(g.groupBy).orderByRaw(g.orderBy);
  g.joins?.(q);
  const [lines, totals] = await Promise.all([q as Promise<ReportLine[]>, filtered(db, table, kind, f, dayColumn).select(db.raw(FIGURES)).first() as Promise<ReportLine>]);
  return { kind, lines, totals };
}

/** What the filters offer: the supplier's tours (as booked) and contracted agencies. */
export async function reportFilterOptions(db: Knex, supplierId: number): Promise<{ tours: { id: number; name: string }[]; agencies: { id: number; name: string }[] }> {
  const [tours, agencies] = await Promise.all([
    db('report_bookings').where({ supplier_id: supplierId }).groupBy('tour_id').select('tour_id as id', db.raw('max(tour_name) AS name')).orderByRaw('lower(max(tour_name))'),
    db('contracts').where({ supplier_id: supplierId }).select('agency_id as id', 'agency_name as name').orderByRaw('lower(agency_name)'),
  ]);
  return { tours, agencies };
}
