import { z } from 'zod';
import { REPORT_KINDS } from '@tbo/read-models';
import { businessDateInput, idParam, instantInRange } from '@tbo/kernel';

const optionalId = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(idParam(label).optional());

/** A report's query: which dates the window is on, the window, a tour, an agency, and an as-of build. */
export const reportQuery = z
  .object({
    dateBasis: z.enum(['tour', 'booking'], { message: 'dateBasis must be tour or booking' }).default('tour'),
    from: businessDateInput('from').optional(),
    to: businessDateInput('to').optional(),
    tourId: optionalId('tourId'),
    agencyId: optionalId('agencyId'),
    asOf: optionalId('asOf'),
  })
  .strict()
  // A window that runs backwards would answer an empty report, which reads as "nothing happened".
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to', path: ['to'] });
export type ReportQuery = z.output<typeof reportQuery>;

export const reportKindParam = z.enum(REPORT_KINDS, { message: `The report must be one of: ${REPORT_KINDS.join(', ')}` });

export const asOfBody = z.object({ at: instantInRange('at') }).strict();
