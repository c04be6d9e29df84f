import { z } from 'zod';
import { statementMonth } from '@tbo/event-schemas';

/** A statement month in a path or query: YYYY-MM within the years people enter (2000–2100). */
export const monthParam = z.string().max(7).pipe(statementMonth);
export const monthQuery = z.object({ month: monthParam }).strict();
