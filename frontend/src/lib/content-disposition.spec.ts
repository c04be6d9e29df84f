import { fileNameFromContentDisposition } from './content-disposition';

describe('file name from content-disposition (spec 01 §7 download variant)', () => {
  it.each([
    ['attachment; filename="tours.xlsx"', 'tours.xlsx'],
    ['attachment; filename=tours.xlsx', 'tours.xlsx'],
    ["attachment; filename*=UTF-8''%D1%82%D1%83%D1%80%D1%8B.xlsx", 'туры.xlsx'],
    ["attachment; filename=\"fallback.xlsx\"; filename*=UTF-8''real%20name.xlsx", 'real name.xlsx'],
    ['attachment; filename="a \\"quoted\\" name.xls"', 'a "quoted" name.xls'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it('falls back without a header or a name', () => {
    expect(fileNameFromContentDisposition(null)).toBe('download');
    expect(fileNameFromContentDisposition('attachment', 'export.xlsx')).toBe('export.xlsx');
  });
});
