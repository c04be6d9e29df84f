import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { download, startDocumentWorker } from '../support/documents';
import { pdfWords, rtlNameLines } from '../support/pdf-words';
import { seedDemo } from '../support/reference';
import { apiWithWorker } from '../support/worker-suite';

/*
 * Arabic names on the invoice and the voucher: Dubai's guests often have them, and tours and hotels may be named
 * in Arabic. pdfmake has no bidi algorithm: the documents' printer applies it (modules/documents/src/pdf/bidi-text.ts).
 * Each name must print as its words, right to left, a space between them: as the screens and the exports show it.
 */
describe('documents: an Arabic guest and tour name print right to left, word by word', () => {
  const { api, startWorker } = apiWithWorker('documents-arabic', startDocumentWorker);
  let s: BookableSetup;
  let id: number;
  // Given as entered: the first word (محمد, سفاري) is read first, so it is printed rightmost.
  const GUEST = 'محمد الأحمد';
  const TOUR = 'سفاري الصحراء';

  const pdf = async (path: string) => {
    const res = await download(api.http, path, s.agent);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Buffer;
  };

  /** Every line showing `first` shows it a space's width right of the word ending in `secondEnd`, and there is one such line at least. */
  const printedRightToLeft = async (file: Buffer, first: string, secondEnd: string) => {
    const lines = rtlNameLines(await pdfWords(file), first, secondEnd);
    expect(lines.length).toBeGreaterThan(0);
    for (const { firsts, seconds, gap } of lines) {
      expect(firsts).toHaveLength(1);
      expect(seconds).toHaveLength(1);
      expect(gap).toBeGreaterThan(1);
      expect(gap).toBeLessThan(6);
    }
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    s = await bookableSetup(api, { tour: { nameDisplay: TOUR, url: 'desert-safari-ar' } });
    await startWorker([s.supplierId]);
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, guestName: GUEST, collect: 50 }));
    expect(created.status).toBe(200);
    await api.settled('booking_details', created.body.Content.position);
    id = created.body.Content.id;
  });

  it('the invoice: "Lead guest: محمد الأحمد" and the tour, each word apart and محمد right of الأحمد', async () => {
    const invoice = await pdf(`/bookings/download/invoice/${id}`);
    await printedRightToLeft(invoice, 'محمد', 'حمد');
    await printedRightToLeft(invoice, 'سفاري', 'حراء');
  });

  it('the vouchers in English and Russian: the same', async () => {
    for (const lang of ['eng', 'rus']) {
      const voucher = await pdf(`/bookings/download/voucher/${id}?lang=${lang}`);
      await printedRightToLeft(voucher, 'محمد', 'حمد');
      await printedRightToLeft(voucher, 'سفاري', 'حراء');
    }
  });
});
