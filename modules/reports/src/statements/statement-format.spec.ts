import { statementSheetTitle } from './statement-format';

describe('statementSheetTitle', () => {
  it("keeps the month and year whole within Excel's 31 characters, shortening the agency's name", () => {
    expect(statementSheetTitle('Gulf Horizons Travel', '2026-11')).toBe('Gulf Horizons Tr… November 2026');
    expect(statementSheetTitle('Gulf Horizons Travel', '2026-11').length).toBeLessThanOrEqual(31);
    expect(statementSheetTitle('Sands', '2026-05')).toBe('Sands May 2026');
  });
});
