import { decodeUploadData, sniffFormat, UPLOAD_MESSAGES } from './photo-image';

describe('upload data and format sniffing', () => {
  it('decodes base64 with or without a data: URL prefix', () => {
    expect(decodeUploadData('aGVsbG8=').toString()).toBe('hello');
    expect(decodeUploadData('data:image/png;base64,aGVsbG8=').toString()).toBe('hello');
  });

  it('refuses empty and non-base64 data', () => {
    expect(() => decodeUploadData('')).toThrow(UPLOAD_MESSAGES.empty);
    expect(() => decodeUploadData('data:image/png;base64,')).toThrow(UPLOAD_MESSAGES.empty);
    expect(() => decodeUploadData('not base64 at all!')).toThrow(UPLOAD_MESSAGES.notBase64);
    expect(() => decodeUploadData('data:image/svg+xml,<svg/>')).toThrow(UPLOAD_MESSAGES.notBase64);
    expect(() => decodeUploadData('aGVsbG8===')).toThrow(UPLOAD_MESSAGES.notBase64);
    expect(() => decodeUploadData('==')).toThrow(UPLOAD_MESSAGES.notBase64);
    expect(() => decodeUploadData('aGVs=bG8=')).toThrow(UPLOAD_MESSAGES.notBase64);
  });

  it('checks a photo-sized upload in one pass: a stray character at its very end is found, a clean one decodes', () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024, 0xab);
    const text = bytes.toString('base64');
    expect(decodeUploadData(text).equals(bytes)).toBe(true);
    expect(() => decodeUploadData(`${text.slice(0, -4)}ab!c`)).toThrow(UPLOAD_MESSAGES.notBase64);
  });

  it('knows JPEG, PNG, WebP and AVIF by their first bytes, and nothing else', () => {
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffFormat(Buffer.from('\0\0\0\x1cftypavif\0\0\0\0mif1miaf', 'latin1'))).toBe('avif');
    expect(sniffFormat(Buffer.from('\0\0\0\x1cftypheic\0\0\0\0mif1heic', 'latin1'))).toBeNull();
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF89a'))).toBeNull();
  });
});
