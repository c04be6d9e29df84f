import type { Knex } from 'knex';
import type { CommissionStatementLineData } from '@tbo/event-schemas';

/** A statement's line with the statement's running total after it (USD). */
export interface StatementLine extends CommissionStatementLineData {
  runningTotal: number;
}

/** Whose statement for which month, and whether it is issued (its number and time when it is). */
interface StatementHeading {
  agencyId: number;
  agencyName: string;
  month: string;
  issued: boolean;
  number: number | null;
  issuedAt: string | null;
}

/** A statement as shown and downloaded: issued (fixed, from its event) or the preview of the month not yet issued. */
export interface CommissionStatementView extends StatementHeading {
  supplierId: number;
  supplierName: string;
  issuedBy: string | null;
  lines: StatementLine[];
  total: number;
}

/** One agency's statement for a month in the supplier's list. */
export interface StatementListRow extends StatementHeading {
  lineCount: number;
  total: number;
  /** The agency's latest issued month: a statement may be issued only for a later one. */
  lastIssuedMonth: string | null;
}

/** An agency's issued statement in its list (/agent/commissions). */
export interface AgencyStatementRow {
  supplierId: number;
  supplierName: string;
  month: string;
  number: number;
  issuedAt: string;
  lineCount: number;
  total: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The lines in order with the running total after each. */
export function withRunningTotal(lines: readonly CommissionStatementLineData[]): { lines: StatementLine[]; total: number } {
  let total = 0;
  const out = lines.map((l) => {
    total = round2(total + l.amount);
    return { ...l, runningTotal: total };
  });
  return { lines: out, total };
}

/** The agency's changes on no statement yet, recorded up to the end of `month`, oldest first: what its statement would hold. */
export async function unissuedStatementLines(db: Knex, supplierId: number, agencyId: number, month: string): Promise<CommissionStatementLineData[]> {
  const rows: (Omit<CommissionStatementLineData, 'amount' | 'at'> & { amount: string; at: Date })[] = await db('commission_changes')
    .select('booking_id as bookingId', 'revision', 'kind', 'at', 'tour_name as tourName', 'offer_name as offerName', db.raw("to_char(date, 'YYYY-MM-DD') AS date"), 'guest_name as guestName', 'amount')
    .where({ supplier_id: supplierId, agency_id: agencyId })
    .whereNull('statement_month')
    .andWhere('month', '<=', month)
    .orderBy([{ column: 'at' }, { column: 'booking_id' }, { column: 'revision' }]);
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString(), amount: Number(r.amount) }));
}

/** An issued statement as its event fixed it (undefined when that month is not issued). */
export async function findIssuedStatement(
  db: Knex,
  supplierId: number,
  agencyId: number,
  month: string,
): Promise<{ number: number; issuedAt: string; issuedBy: string; total: number; lines: CommissionStatementLineData[] } | undefined> {
  const row = await db('commission_statements').select('number', 'issued_at', 'issued_by', 'total', 'lines').where({ supplier_id: supplierId, agency_id: agencyId, month }).first();
  if (!row) return undefined;
  return { number: row.number, issuedAt: new Date(row.issued_at).toISOString(), issuedBy: row.issued_by, total: Number(row.total), lines: row.lines };
}

/** The supplier's and the agency's names (empty when not known). */
export async function statementParties(db: Knex, supplierId: number, agencyId: number): Promise<{ supplierName: string; agencyName: string }> {
  const [supplier, agency] = await Promise.all([
    db('suppliers').select('name').where({ id: supplierId }).first<{ name: string } | undefined>(),
    db('contract_agencies').select('name').where({ id: agencyId }).first<{ name: string } | undefined>(),
  ]);
  return { supplierName: supplier?.name ?? '', agencyName: agency?.name ?? '' };
}

/**
 * The supplier's agencies (contracted, or with commission changes) and each one's statement for `month`: the issued
 * one's figures, else what issuing it now would hold (every change on no statement up to the month's end).
 */
export async function supplierStatementMonth(db: Knex, supplierId: number, month: string): Promise<StatementListRow[]> {
  const agencies: { agencyId: number; agencyName: string | null }[] = await db
    .select('x.agency_id as agencyId', 'a.name as agencyName')
    .from(
      db.union([db('contracts').select('agency_id').where({ supplier_id: supplierId }), db('commission_changes').distinct('agency_id').where({ supplier_id: supplierId })]).as('x'),
    )
    .leftJoin('contract_agencies as a', 'a.id', 'x.agency_id')
    .orderByRaw('lower(a.name) asc nulls last, x.agency_id asc');
  const issued: { agency_id: number; number: number; issued_at: Date; line_count: number; total: string }[] = await db('commission_statements')
    .select('agency_id', 'number', 'issued_at', 'line_count', 'total')
    .where({ supplier_id: supplierId, month });
  const last: { agency_id: number; month: string }[] = await db('commission_statements').select('agency_id').max('month as month').where({ supplier_id: supplierId }).groupBy('agency_id');
  const pending: { agency_id: number; lines: string | number; total: string }[] = await db('commission_changes')
    .select('agency_id')
    .count('* as lines')
    .sum('amount as total')
    .where({ supplier_id: supplierId })
    .whereNull('statement_month')
    .andWhere('month', '<=', month)
    .groupBy('agency_id');
  return agencies.map(({ agencyId, agencyName }) => {
    const done = issued.find((r) => r.agency_id === agencyId);
    const open = pending.find((r) => r.agency_id === agencyId);
    return {
      agencyId,
      agencyName: agencyName ?? '',
      month,
      issued: !!done,
      number: done?.number ?? null,
      issuedAt: done ? new Date(done.issued_at).toISOString() : null,
      lineCount: done ? done.line_count : Number(open?.lines ?? 0),
      total: round2(Number(done ? done.total : (open?.total ?? 0))),
      lastIssuedMonth: last.find((r) => r.agency_id === agencyId)?.month ?? null,
    };
  });
}

/** The agency's issued statements from every supplier, newest month first. */
export async function agencyIssuedStatements(db: Knex, agencyId: number): Promise<AgencyStatementRow[]> {
  const rows: { supplierId: number; supplierName: string | null; month: string; number: number; issuedAt: Date; lineCount: number; total: string }[] = await db('commission_statements as s')
    .select('s.supplier_id as supplierId', 'p.name as supplierName', 's.month', 's.number', 's.issued_at as issuedAt', 's.line_count as lineCount', 's.total')
    .leftJoin('suppliers as p', 'p.id', 's.supplier_id')
    .where('s.agency_id', agencyId)
    .orderBy([{ column: 's.month', order: 'desc' }, { column: 's.supplier_id' }]);
  return rows.map((r) => ({ ...r, supplierName: r.supplierName ?? '', issuedAt: new Date(r.issuedAt).toISOString(), total: Number(r.total) }));
}

/** Whether the agency is one of the supplier's for statements: contracted, or with commission changes from it. */
export async function supplierHasStatementAgency(db: Knex, supplierId: number, agencyId: number): Promise<boolean> {
  const [contract, change] = await Promise.all([
    db('contracts').select('agency_id').where({ supplier_id: supplierId, agency_id: agencyId }).first(),
    db('commission_changes').select('agency_id').where({ supplier_id: supplierId, agency_id: agencyId }).first(),
  ]);
  return !!contract || !!change;
}
