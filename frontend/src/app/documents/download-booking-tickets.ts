import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

const ticketFile = z.union([z.string(), z.object({ content: z.string().optional(), Content: z.string().optional(), fileName: z.string().optional(), FileName: z.string().optional() }).passthrough()]).nullable();

/**
 * GET /api/agent/bookings/downloadtickets/{id} (spec 02 §7): the tickets as a PDF, its content base64 (alone or
 * with its file name). A failure throws the server's error: the caller shows its title and message (spec 02 §8).
 */
export async function downloadTickets(id: number): Promise<{ blob: Blob; fileName: string }> {
  const answer = ticketFile.parse(await apiRequest<unknown>('GET', `/api/agent/bookings/downloadtickets/${id}`, undefined, { silent: true }));
  const content = typeof answer === 'string' ? answer : (answer?.content ?? answer?.Content ?? '');
  const name = typeof answer === 'string' ? '' : (answer?.fileName ?? answer?.FileName ?? '');
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
  return { blob: new Blob([bytes], { type: 'application/pdf' }), fileName: name || `tickets-${id}.pdf` };
}
