import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** GET /api/tickets/stock: every ticket type with the supplier's stock figures (spec 02 §3). */
const stockRow = z.object({
  id: z.number(),
  name: z.string(),
  shortName: z.string(),
  reorderLevel: z.number(),
  reservationTime: z.number(),
  available: z.number(),
  reserved: z.number(),
  oldestReservedAt: z.string().nullable(),
  expired: z.number(),
  freezed: z.number(),
  expiresIn5Days: z.number(),
  lowStock: z.boolean(),
});
export type TicketStockRow = z.infer<typeof stockRow>;
const stockRows = z.array(stockRow).nullable().transform((r) => r ?? []);

const code = z.object({ code: z.string(), expiresOn: z.string() });
const preview = z.object({ accepted: z.array(code), refused: z.array(code.extend({ line: z.number(), reason: z.string(), reasonCode: z.string() })) });
export type LoadPreview = z.infer<typeof preview>;

export const TICKET_STOCK_KEY = ['tickets', 'stock'] as const;

export const listTicketStock = (signal?: AbortSignal, after?: string | null) =>
  apiCall(stockRows, 'GET', `/api/tickets/stock${after ? `?after=${encodeURIComponent(after)}` : ''}`, undefined, { signal });

export const previewCodes = (ticketTypeId: number, body: { text?: string; xlsx?: string }) => apiCall(preview, 'POST', `/api/tickets/stock/${ticketTypeId}/preview`, body);

export const loadCodes = (ticketTypeId: number, codes: LoadPreview['accepted']) =>
  apiCall(z.object({ loaded: z.number(), position: z.string().nullable() }), 'POST', `/api/tickets/stock/${ticketTypeId}/codes`, { codes });
