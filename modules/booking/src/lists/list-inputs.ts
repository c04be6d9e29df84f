import { z } from 'zod';
import { AGENT_SORT_FIELDS, OPERATOR_SORT_FIELDS } from '@tbo/read-models';
import { afterParam, DATE_MAX_YEAR, DATE_MIN_YEAR, DEFAULT_PAGE_SIZE, isDateInRange, ID_LIST_MAX, idListOf, PG_INT_MAX, storableText, wholeNumberQuery } from '@tbo/kernel';
import { isBusinessDate } from '@tbo/scheduling';

/** Most rows one page of a booking list may ask for. */
export const BOOKING_PAGE_SIZE_MAX = 100;
const FILTER_TEXT_MAX = 100;

const filterText = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .max(FILTER_TEXT_MAX, `${label} must be at most ${FILTER_TEXT_MAX} characters`)
    .superRefine(storableText(label))
    .transform((v) => v.trim())
    .optional()
    .nullable()
    .transform((v) => v || undefined);

const direction = (label: string, fallback: 'ASC' | 'DESC') =>
  z
    .string()
    .optional()
    .nullable()
    .transform((v, ctx) => {
      const s = (v || fallback).toUpperCase();
      if (s !== 'ASC' && s !== 'DESC') {
        ctx.addIssue({ code: 'custom', message: `${label} must be ASC or DESC` });
        return z.NEVER;
      }
      return s as 'ASC' | 'DESC';
    });

// A number, or its decimal digits (the agent lists' query, and the exports' bodies that carry it as text).
const page = wholeNumberQuery('page', 1, PG_INT_MAX).optional().default(1);
const pageSize = wholeNumberQuery('pageSize', 1, BOOKING_PAGE_SIZE_MAX).optional().default(DEFAULT_PAGE_SIZE);

/** 'DD.MM.YYYY' (the agent lists, spec 02 §5) or 'YYYY-MM-DD' → 'YYYY-MM-DD'; '' or absent → null. */
export function listDate(label: string, format: 'display' | 'iso' | 'either') {
  return z
    .string({ message: `${label} must be a date` })
    .max(20, `${label} must be a date`)
    .optional()
    .nullable()
    .transform((v, ctx) => {
      const s = (v ?? '').trim();
      if (!s) return null;
      const display = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s);
      const iso = display ? `${display[3]}-${display[2]}-${display[1]}` : s;
      const allowed = format === 'either' || (format === 'display' ? !!display : !display);
      if (!allowed || !isBusinessDate(iso)) {
        const shape = { iso: 'YYYY-MM-DD', display: 'DD.MM.YYYY', either: 'DD.MM.YYYY or YYYY-MM-DD' }[format];
        ctx.addIssue({ code: 'custom', message: `${label} must be a date ${shape}` });
        return z.NEVER;
      }
      // The 14-day window is reckoned from it in SQL: a year 9999 would overflow there (and no booking is dated so).
      if (!isDateInRange(iso)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between the years ${DATE_MIN_YEAR} and ${DATE_MAX_YEAR}` });
        return z.NEVER;
      }
      return iso;
    });
}

const fromBeforeTo = (v: { from: string | null; to: string | null }) => !v.from || !v.to || v.from <= v.to;

const payee = (label: string) =>
  z
    .enum(['agency', 'supplier', ''], { message: `${label} must be agency or supplier` })
    .optional()
    .nullable()
    .transform((v) => v || undefined);

/** POST /api/bookings/operations (and its xlsx): the filter, the page and the sort. */
export const operatorListBody = z
  .object({
    page,
    pageSize,
    orderBy: z.enum(OPERATOR_SORT_FIELDS, { message: `orderBy must be one of ${OPERATOR_SORT_FIELDS.join(', ')}` }).optional().nullable().transform((v) => v ?? 'date'),
    /** Operations look ahead: the window's first day first. */
    orderType: direction('orderType', 'ASC'),
    from: listDate('from', 'either'),
    to: listDate('to', 'either'),
    status: z
      .enum(['normal', 'pending', 'cancelled', ''], { message: 'status must be normal, pending or cancelled' })
      .optional()
      .nullable()
      .transform((v) => v || null),
    filters: z
      .object({
        id: z.union([z.number(), z.string()]).optional().nullable().transform((v, ctx) => {
          if (v === null || v === undefined || v === '') return undefined;
          const n = Number(v);
          if (!Number.isInteger(n) || n < 1 || n > PG_INT_MAX) {
            ctx.addIssue({ code: 'custom', message: 'filters.id must be a booking number' });
            return z.NEVER;
          }
          return n;
        }),
        tour: filterText('filters.tour'),
        offer: filterText('filters.offer'),
        hotel: filterText('filters.hotel'),
        region: filterText('filters.region'),
        guestName: filterText('filters.guestName'),
        tel: filterText('filters.tel'),
        voucher: filterText('filters.voucher'),
        paidTo: payee('filters.paidTo'),
        collectTo: payee('filters.collectTo'),
      })
      .strict()
      .optional()
      .nullable()
      .transform((v) => v ?? {}),
    after: afterParam,
  })
  .strict()
  .refine(fromBeforeTo, { message: 'from must not be after to', path: ['to'] });
export type OperatorListBody = z.output<typeof operatorListBody>;

/** Agents (positive ids) and staff agents (negative ids), as `1,-2` or repeated. */
const agentIdList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const ids = (Array.isArray(v) ? v : [v]).flatMap((p) => String(p).split(',')).map((p) => p.trim()).filter(Boolean).map(Number);
    // Each id is a bind parameter of the list's query (Postgres takes at most 65,535).
    if (ids.length > ID_LIST_MAX) {
      ctx.addIssue({ code: 'custom', message: `agentIds must list at most ${ID_LIST_MAX} ids` });
      return z.NEVER;
    }
    if (ids.some((n) => !Number.isInteger(n) || n === 0 || Math.abs(n) > PG_INT_MAX)) {
      ctx.addIssue({ code: 'custom', message: 'agentIds must be agent ids (staff agents negative)' });
      return z.NEVER;
    }
    return ids;
  });

const showMy = z
  .union([z.enum(['1', '0', 'true', 'false', '']), z.boolean(), z.literal(1), z.literal(0)], { message: 'showMy must be 1 or 0' })
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** GET /api/agent/bookings and /api/agent/commissions (and their xlsx): spec 02 §7, plus the column filters. */
export const agentListQuery = z
  .object({
    page,
    pageSize,
    // '' is the default order; a union with it would refuse a wrong name as just 'Invalid input'.
    orderBy: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .enum(AGENT_SORT_FIELDS, { message: `orderBy must be one of ${AGENT_SORT_FIELDS.join(', ')}` })
        .optional()
        .nullable()
        .transform((v) => v ?? 'date'),
    ),
    /** Spec 02 §7: newest date first. */
    orderType: direction('orderType', 'DESC'),
    from: listDate('from', 'display'),
    to: listDate('to', 'display'),
    f: filterText('f').transform((v) => (v ?? '').toLowerCase()),
    showMy,
    agentIds: agentIdList,
    hotelIds: idListOf('hotelIds'),
    offerIds: idListOf('offerIds'),
    groupId: wholeNumberQuery('groupId', 1, PG_INT_MAX).optional(),
    after: afterParam,
  })
  .strict()
  .refine(fromBeforeTo, { message: 'from must not be after to', path: ['to'] });
export type AgentListQuery = z.output<typeof agentListQuery>;

/** GET /api/search/bookings?q= */
export const bookingSearchQuery = z
  .object({
    q: z
      .string({ message: 'q must be text' })
      .max(FILTER_TEXT_MAX, `q must be at most ${FILTER_TEXT_MAX} characters`)
      .superRefine(storableText('q'))
      .optional()
      .default('')
      .transform((v) => v.trim()),
  })
  .strict();
