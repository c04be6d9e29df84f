import type { DocumentKind, DocumentLanguage } from '@tbo/event-schemas';
import { renderPdf } from '../pdf/pdf-printer';
import type { DocumentFacts } from './document-facts';
import { invoiceDefinition } from './invoice.document';
import { voucherDefinition } from './voucher.document';
import { ticketsDefinition } from '../tickets/tickets.document';

/** The PDF of one document from its facts. The same facts give the same bytes (the PDF's dates are the booking version's). */
export async function renderDocument(facts: DocumentFacts, kind: DocumentKind, language: DocumentLanguage): Promise<Buffer> {
  if (kind === 'tickets') return renderPdf(await ticketsDefinition(facts));
  return renderPdf(kind === 'invoice' ? invoiceDefinition(facts) : await voucherDefinition(facts, language));
}
