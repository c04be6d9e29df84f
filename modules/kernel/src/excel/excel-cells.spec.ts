import { escapeCell, safeXlsxFileName } from './excel-cells';

describe('escapeCell', () => {
  it.each(['=1+2', '+cmd', '-2+3', '+1*2', '-A1', '+971 50 123 4567=1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")', "+971|'cmd'!A1", '+971, =1+2', '+1,2+3'])('escapes %j as text', (v) => {
    expect(escapeCell(v)).toBe(`'${v}`);
  });

  it('leaves ordinary text, numbers and empty values alone', () => {
    expect(escapeCell('Desert safari')).toBe('Desert safari');
    expect(escapeCell('a=b')).toBe('a=b');
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(null)).toBeNull();
    expect(escapeCell('')).toBe('');
  });

  it.each(['+971501234567', '+971 50 123 4567', '+7 (495) 123-45-67', '+971509…', '-', '-12.50', '+971501234567, +447700900123'])('leaves the phone number or figure %j as it is: nothing there can call a function', (v) => {
    expect(escapeCell(v)).toBe(v);
  });
});

describe('safeXlsxFileName', () => {
  it('keeps a plain name and always ends in .xlsx', () => {
    expect(safeXlsxFileName('tours.xlsx')).toBe('tours.xlsx');
    expect(safeXlsxFileName('tourtickets.xls')).toBe('tourtickets.xlsx');
    expect(safeXlsxFileName('Bookings 2026')).toBe('Bookings 2026.xlsx');
  });

  it('cannot climb directories or inject header characters', () => {
    expect(safeXlsxFileName('../../etc/passwd')).toBe('_.._etc_passwd.xlsx');
    expect(safeXlsxFileName('a"\r\nSet-Cookie: x')).toBe('a___Set-Cookie_ x.xlsx');
    expect(safeXlsxFileName('')).toBe('export.xlsx');
  });

  it('cleans the fallback (a caller-given title) the same way', () => {
    expect(safeXlsxFileName(undefined, 'a/b\\c?d*e[f]g:h')).toBe('a_b_c_d_e_f_g_h.xlsx');
    expect(safeXlsxFileName('', '..')).toBe('export.xlsx');
  });
});
