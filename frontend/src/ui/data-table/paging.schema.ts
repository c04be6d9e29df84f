import { z } from 'zod';
import type { PagingInfo } from './types';

/** The paging part of every paged list answer (the server's PagingInfo). */
export const pagingInfoSchema = z.object({
  currentPage: z.number(),
  totalItems: z.number(),
  itemsPerPage: z.number(),
  prevPage: z.number().nullable(),
  nextPage: z.number().nullable(),
  totalPages: z.number(),
  from: z.number(),
  to: z.number(),
}) satisfies z.ZodType<PagingInfo>;
