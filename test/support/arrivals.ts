import ExcelJS from 'exceljs';

/** The content type an arrival list upload is sent with. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A real .xlsx rooming list made with exceljs: the header row, then the rows (formulas as `{ formula }` cells). */
export async function roomingWorkbook(header: string[], rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Rooming list');
  ws.addRow(header);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
