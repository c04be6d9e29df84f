import { Body, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { ApiController, PostRoute, safeXlsxFileName, sendXlsx, zodPipe, type CellValue } from '@tbo/kernel';

const MAX_CELLS = 2_000_000;

const cell = z.union([z.string().max(32_767), z.number(), z.boolean(), z.null()]);

export const fromDataTableInput = z
  .object({
    Title: z.string().max(200).default('Export'),
    FileName: z.string().max(200).optional(),
    Columns: z
      .array(z.object({ Title: z.string().max(200), Data: z.array(cell) }), { message: 'Columns must be a list of { Title, Data }' })
      .min(1, 'At least one column is required')
      .max(200),
  })
  .refine((b) => b.Columns.reduce((n, c) => n + c.Data.length, 0) <= MAX_CELLS, `At most ${MAX_CELLS} cells per export`);

type FromDataTable = z.infer<typeof fromDataTableInput>;

/** The data table's default export endpoint (spec 01 §7): the table's columns in, an xlsx file out. */
@ApiController('excel', 'api/excel')
export class ExcelController {
  @PostRoute('fromdatatable', 'signed-in', 'Columns (Title, Data) in, an xlsx file out; formula-like text is escaped')
  async fromDataTable(@Body(zodPipe(fromDataTableInput)) body: FromDataTable, @Res() res: Response): Promise<void> {
    const fileName = safeXlsxFileName(body.FileName, body.Title);
    const rowCount = Math.max(0, ...body.Columns.map((c) => c.Data.length));
    function* rows(): Iterable<CellValue[]> {
      for (let i = 0; i < rowCount; i++) yield body.Columns.map((c) => c.Data[i] ?? null);
    }
    await sendXlsx(res, fileName, { title: body.Title, columns: body.Columns.map((c) => ({ header: c.Title })), rows: rows() });
  }
}
