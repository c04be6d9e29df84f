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

/** A paged list answer: one page of rows and where it stands. */
export const pagedAnswerSchema = <S extends z.ZodTypeAny>(row: S) => z.object({ entities: z.array(row), pagingInfo: pagingInfoSchema });
