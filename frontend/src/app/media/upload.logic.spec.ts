import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64OfDataUrl, isImageFile, placeOnTop, progressPercent, refusedBySize, replaceById, splitBatch, titleOfFileName, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, uploadErrorMessage, UPLOAD_AUTH_ERROR } from './upload.logic';
import { mediaWarnings, setHero, togglePhoto } from './photo-selector/selection.logic';

const file = (name: string, type = 'image/jpeg') => ({ name, type });

describe('photo upload batch (spec 01 §5)', () => {
  it('keeps the first file of each name and skips later ones with the same name', () => {
    const r = splitBatch([file('a.jpg'), file('b.png', 'image/png'), file('a.jpg'), file('A.jpg')]);
    expect(r.accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'A.jpg']);
    expect(r.duplicates).toEqual(['a.jpg']);
    expect(r.notImages).toEqual([]);
  });
  it('takes image files only (no SVG, no text)', () => {
    const r = splitBatch([file('x.txt', 'text/plain'), file('logo.svg', 'image/svg+xml'), file('p.webp', 'image/webp'), file('noType.avif', '')]);
    expect(r.accepted.map((f) => f.name)).toEqual(['p.webp', 'noType.avif']);
    expect(r.notImages).toEqual(['x.txt', 'logo.svg']);
    expect(isImageFile(file('doc.pdf', ''))).toBe(false);
  });
  it('skips nothing in a batch of distinct names', () => {
    expect(splitBatch([file('1.jpg'), file('2.jpg')]).duplicates).toEqual([]);
  });
});

describe('upload errors (spec 01 §8, in Russian in both languages)', () => {
  it('401 asks to sign in again', () => {
    expect(uploadErrorMessage(401)).toBe('Ошибка авторизации. Повторите вход');
    expect(UPLOAD_AUTH_ERROR).toBe(uploadErrorMessage(401));
  });
  it('any other status is Ошибка {status}', () => {
    expect(uploadErrorMessage(500)).toBe('Ошибка 500');
    expect(uploadErrorMessage(413)).toBe('Ошибка 413');
    expect(uploadErrorMessage(0)).toBe('Ошибка 0');
  });
});

describe('upload helpers', () => {
  it('progress is whole percent within 0..100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(300, 200)).toBe(100);
  });
  it('base64 of a data URL', () => {
    expect(base64OfDataUrl('data:image/png;base64,QUJD')).toBe('QUJD');
    expect(base64OfDataUrl('QUJD')).toBe('QUJD');
  });
  it('a finished upload goes to the top; an update replaces in place', () => {
    const list = [{ id: 1, t: 'a' }, { id: 2, t: 'b' }];
    expect(placeOnTop(list, { id: 3, t: 'c' }).map((p) => p.id)).toEqual([3, 1, 2]);
    expect(placeOnTop(list, { id: 2, t: 'b2' })).toEqual([{ id: 2, t: 'b2' }, { id: 1, t: 'a' }]);
    expect(replaceById(list, { id: 2, t: 'B' })).toEqual([{ id: 1, t: 'a' }, { id: 2, t: 'B' }]);
  });
});

describe('new photo title and the picker (spec 01 §4)', () => {
  it('titles a photo by its file name without the extension', () => {
    expect(titleOfFileName('camp.jpg')).toBe('camp');
    expect(titleOfFileName('camp at dawn.final.JPEG')).toBe('camp at dawn.final');
    expect(titleOfFileName('C:\\photos\\oasis.png')).toBe('oasis');
    expect(titleOfFileName('.hidden')).toBe('.hidden');
    expect(titleOfFileName('noext')).toBe('noext');
  });
  it('offers only the formats the server takes: no GIF, SVG or HEIC', () => {
    const accepted = UPLOAD_ACCEPT.split(',');
    expect(accepted).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/avif']));
    expect(accepted.some((a) => /gif|svg|heic|\*/i.test(a))).toBe(false);
  });
});

describe('photo selector (spec 01 §5 media warnings)', () => {
  it('warns when nothing is chosen, then when the hero is missing', () => {
    expect(mediaWarnings({ photoIds: [], heroImageId: null })).toEqual(['noPhotos']);
    expect(mediaWarnings({ photoIds: [1], heroImageId: null })).toEqual(['noHero']);
    expect(mediaWarnings({ photoIds: [1], heroImageId: 2 })).toEqual(['noHero']);
    expect(mediaWarnings({ photoIds: [1, 2], heroImageId: 2 })).toEqual([]);
  });
  it('unticking the hero clears it; choosing a hero ticks it', () => {
    expect(togglePhoto({ photoIds: [1, 2], heroImageId: 2 }, 2)).toEqual({ photoIds: [1], heroImageId: null });
    expect(togglePhoto({ photoIds: [1], heroImageId: 1 }, 3)).toEqual({ photoIds: [1, 3], heroImageId: 1 });
    expect(setHero({ photoIds: [1], heroImageId: null }, 5)).toEqual({ photoIds: [1, 5], heroImageId: 5 });
  });
});

describe('the size an upload may have', () => {
  it("is the server's MAX_PHOTO_BYTES, refused before the file is read", () => {
    const server = readFileSync(join(__dirname, '..', '..', '..', '..', 'modules/media/src/photos/photo-image.ts'), 'utf8');
    expect(/export const MAX_PHOTO_BYTES = ([\d\s*]+);/.exec(server)?.[1]?.trim()).toBe('15 * 1024 * 1024');
    expect(UPLOAD_MAX_BYTES).toBe(15 * 1024 * 1024);
    expect(refusedBySize(UPLOAD_MAX_BYTES)).toBeNull();
    expect(refusedBySize(UPLOAD_MAX_BYTES + 1)).toBe(413);
  });
});
