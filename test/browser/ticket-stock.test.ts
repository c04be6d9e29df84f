import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';
import { openApp } from './shell-helpers';

/*
 * The Ticket stock tab of /admin: codes loaded from an .xlsx. After a load the file field is empty again, so it no
 * longer names the loaded file and the same file can be chosen again (the browser fires no change for an unchanged
 * choice).
 */
const web = webSuite({ testTimeoutMs: 120_000 });
let admin: string;

beforeAll(async () => {
  await seedDemo(web.app);
  const { supplierId } = await registerTenants(web.app);
  admin = await tokenFor(['admin'], { supplierId, fullName: 'Ada Admin' });
}, 240_000);

/** An .xlsx with the codes in column A and their expiry dates in column B. */
async function codesWorkbook(codes: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Codes');
  for (const code of codes) sheet.addRow([code, '2099-12-31']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

it('loads codes from an .xlsx; the file field is then empty and the same file can be chosen again', async () => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const codes = [`TS${tag}-1`, `TS${tag}-2`];
  const file = { name: 'codes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await codesWorkbook(codes) };
  const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/admin/ticketstock', { token: admin });
  try {
    await page.getByTestId('ticket-stock-row').first().waitFor();
    const input = page.getByTestId('ticket-stock-file');
    await input.setInputFiles(file);
    expect(await input.inputValue()).toMatch(/codes\.xlsx$/);
    await page.getByTestId('ticket-stock-preview').click();
    await expect(page.getByTestId('ticket-stock-result').textContent()).resolves.toContain(codes[0]);
    await page.getByTestId('ticket-stock-load').click();
    await page.getByTestId('ticket-stock-result').waitFor({ state: 'detached' });

    // Loaded: the field names no file any more, and Preview waits for a new choice.
    expect(await input.inputValue()).toBe('');
    expect(await page.getByTestId('ticket-stock-preview').isDisabled()).toBe(true);
    // The same file chosen again is a choice: its preview now refuses the codes already in stock.
    await input.setInputFiles(file);
    await page.getByTestId('ticket-stock-preview').click();
    await expect(page.getByTestId('ticket-stock-refused').textContent()).resolves.toContain(codes[0]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
