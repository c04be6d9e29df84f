import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLocale, localeText as at } from '../../test-support/locale-files.testing';

/**
 * A pending booking's documents can be downloaded (a product decision): its agent page and the operator's panel
 * say that the voucher reads as not confirmed until it is, quoting the status words the voucher prints.
 */

/** The status the vouchers print for a pending booking (status 1), in English and Russian, from the documents module. */
function voucherPendingWords(): { eng: string; rus: string } {
  const labels = readFileSync(join(__dirname, '..', '..', '..', '..', 'modules/documents/src/render/labels.ts'), 'utf8');
  const pending = [...labels.matchAll(/statuses: \{ 0: '[^']+', 1: '([^']+)'/g)].map((m) => m[1]);
  expect(pending).toHaveLength(2);
  return { eng: pending[0]!, rus: pending[1]! };
}

describe("a pending booking's voucher note", () => {
  it('quotes the words both vouchers print, on the agent page and the operator panel, in en and ru', () => {
    const { eng, rus } = voucherPendingWords();
    expect([eng, rus]).toEqual(['Pending confirmation', 'Ожидает подтверждения']);
    const notes = (lang: string) => [at(loadLocale(lang, 'agent-booking-details'), 'documents.pendingVoucher'), at(loadLocale(lang, 'booking-details'), 'pendingVoucher')];
    for (const note of notes('en')) expect(note).toBe(`The voucher reads “${eng}” (RUS: “${rus}”) until the booking is confirmed.`);
    for (const note of notes('ru')) expect(note).toBe(`Пока бронирование не подтверждено, в ваучере указано «${rus}» (ENG: «${eng}»).`);
  });
});
