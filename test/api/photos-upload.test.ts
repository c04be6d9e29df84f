import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_PHOTO_PIXELS } from '@tbo/media';
import { bearer, expectErrorEnvelope, tokenFor } from '../support/api';
import { base64, dataUrl, eventually, newGuid, photoFile, startPhotoStack } from '../support/photos';

/** Every file under the supplier's photo folder (none when nothing was stored). */
async function storedFiles(root: string, supplierId: number): Promise<string[]> {
  const dir = join(root, 'photos', String(supplierId));
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String).sort();
}

describe('photos: upload, variants and serving', () => {
  let stack: Awaited<ReturnType<typeof startPhotoStack>>;
  const supplierId = 700 + Math.floor(Math.random() * 100_000);
  let editor: Record<string, string>;

  beforeAll(async () => {
    stack = await startPhotoStack();
    editor = bearer(await tokenFor(['editor'], { supplierId }));
  });
  afterAll(() => stack.stop());

  const upload = (body: unknown, headers = editor) => stack.http.post('/api/photos/upload').set(headers).send(body as object);
  const listAll = async () => (await stack.http.post('/api/photos/list').set(editor).send({ page: 1 })).body.Content.entities as { id: number; status: string; urlBig: string | null; urlMedium: string | null; urlSmall: string | null }[];
  const whenReady = (id: number) =>
    eventually(async () => (await listAll()).find((p) => p.id === id && p.status === 'ready'), 30_000, `photo ${id} ready`);

  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ] as const)('uploads a %s photo; it answers processing, then its three WebP variants serve with long cache headers', async (format, type) => {
    const file = await photoFile(format, 2000, 1500, { orientation: 6 });
    const res = await upload({ guid: newGuid(), data: dataUrl(file, type) });
    expect(res.status).toBe(200);
    const photo = res.body.Content;
    expect(photo).toEqual({
      id: expect.any(Number),
      title: '',
      description: '',
      urlBig: null,
      urlMedium: null,
      urlSmall: null,
      usedInTours: [],
      usedInOffers: [],
      usedInCountries: [],
      usedInWidgets: [],
      status: 'processing',
    });

    const ready = await whenReady(photo.id);
    expect(ready.urlBig).toMatch(new RegExp(`^/api/photos/${photo.id}/big\\?v=[0-9a-f]{16}$`));
    const expected = { big: 1600, medium: 800, small: 320 } as const;
    for (const size of ['big', 'medium', 'small'] as const) {
      const url = ready[`url${size[0]!.toUpperCase()}${size.slice(1)}` as 'urlBig'] as string;
      // Images are public (no token): <img> tags cannot send one.
      const img = await stack.http.get(url).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(img.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      // Orientation 6 (rotated 90°) was applied: portrait, longest side the variant's size.
      expect(meta.height).toBe(expected[size]);
      expect(meta.width).toBe(expected[size] * 0.75);
      // Metadata stripped: no EXIF, no orientation flag left.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('the same guid again answers the same photo and stores nothing twice', async () => {
    const guid = newGuid();
    const file = await photoFile('jpeg', 640, 480);
    const first = await upload({ guid, data: base64(file) });
    const again = await upload({ guid, data: base64(file) });
    expect(again.status).toBe(200);
    expect(again.body.Content.id).toBe(first.body.Content.id);
    await whenReady(first.body.Content.id);
    const mine = (await storedFiles(stack.storageDir, supplierId)).filter((f) => f.startsWith(`${first.body.Content.id}/`) || f.startsWith(`${first.body.Content.id}\\`));
    expect(mine.map((f) => f.split(/[\\/]/).slice(1).join('/')).filter(Boolean).sort()).toEqual(['big.webp', 'medium.webp', 'original', 'small.webp']);
  });

  it('takes the title sent with the upload (the file name), keeps it in the list, and a retry does not undo a later edit', async () => {
    const guid = newGuid();
    const file = await photoFile('png', 320, 240);
    const first = await upload({ guid, data: base64(file), title: '  Desert camp  ' });
    expect(first.status).toBe(200);
    expect(first.body.Content.title).toBe('Desert camp');
    const id = first.body.Content.id as number;
    await eventually(async () => ((await listAll()) as { id: number; title?: string }[]).find((p) => p.id === id && p.title === 'Desert camp'), 10_000, 'the title in the list');
    const edited = await stack.http.post('/api/photos').set(editor).send({ id, title: 'Camp at dawn', description: '' });
    expect(edited.body.Content.title).toBe('Camp at dawn');
    const again = await upload({ guid, data: base64(file), title: 'Desert camp' });
    expect(again.body.Content).toMatchObject({ id, title: 'Camp at dawn' });
    expect((await upload({ guid: newGuid(), data: base64(file), title: 'x'.repeat(201) })).status).toBe(400);
  });

  it('answers 404 in the envelope for a missing photo or size, and refuses unknown sizes', async () => {
    expectErrorEnvelope(await stack.http.get('/api/photos/999999999/big'), 404);
    expectErrorEnvelope(await stack.http.get('/api/photos/1/original'), 400);
    expectErrorEnvelope(await stack.http.get('/api/photos/1/..%2F..%2Fetc'), 400);
  });

  describe('refuses what is not a supported photo, and stores nothing', () => {
    const other = 900_000 + Math.floor(Math.random() * 50_000);
    let who: Record<string, string>;
    beforeAll(async () => {
      who = bearer(await tokenFor(['admin'], { supplierId: other }));
    });
    const refused = async (body: unknown, code: number, message: RegExp) => {
      const res = await upload(body, who);
      expectErrorEnvelope(res, code);
      expect(res.body.ErrorMessage).toMatch(message);
    };
    afterAll(async () => {
      expect(await storedFiles(stack.storageDir, other)).toEqual([]);
      const list = await stack.http.post('/api/photos/list').set(who).send({});
      expect(list.body.Content.entities).toEqual([]);
    });

    it('a text file renamed .jpg', () => refused({ guid: newGuid(), data: dataUrl(Buffer.from('Just some notes, not a photo at all.\n'), 'image/jpeg') }, 415, /not a supported image.*JPEG, PNG, WebP or AVIF/));

    it('a truncated JPEG', async () => {
      const jpeg = await photoFile('jpeg', 800, 600);
      await refused({ guid: newGuid(), data: base64(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))) }, 415, /damaged or incomplete/);
    });

    it('an image over the pixel limit', async () => {
      const side = Math.ceil(Math.sqrt(MAX_PHOTO_PIXELS)) + 10;
      const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
      await refused({ guid: newGuid(), data: base64(huge) }, 400, new RegExp(`${side} × ${side} pixels, more than the limit of 40 megapixels`));
    });

    it('an SVG with a script', () =>
      refused({ guid: newGuid(), data: dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'), 'image/svg+xml') }, 415, /SVG images are not accepted/));

    it('an empty body', async () => {
      await refused(undefined, 400, /guid is required/);
      await refused({ guid: newGuid(), data: '' }, 400, /The file is empty/);
      await refused({ guid: newGuid(), data: 'data:image/png;base64,' }, 400, /The file is empty/);
    });

    it('a missing guid', async () => refused({ data: base64(await photoFile('png', 100, 100)) }, 400, /guid is required/));

    it('data that is not base64', () => refused({ guid: newGuid(), data: 'this is not base64!' }, 400, /must be base64/));

    it('a request over the upload limit', async () => {
      const res = await upload({ guid: newGuid(), data: 'A'.repeat(22 * 1024 * 1024) }, who);
      expectErrorEnvelope(res, 413);
      expect(res.body.ErrorMessage).toMatch(/15 MB/);
    });

    it('a decoded file over 15 MB', async () => {
      const res = await upload({ guid: newGuid(), data: 'A'.repeat(20 * 1024 * 1024 + 8) }, who);
      expectErrorEnvelope(res, 413);
      expect(res.body.ErrorMessage).toMatch(/larger than 15 MB/);
    });

    it('callers without the admin or editor role', async () => {
      const res = await upload({ guid: newGuid(), data: base64(await photoFile('png', 10, 10)) }, bearer(await tokenFor(['operations'], { supplierId: other })));
      expectErrorEnvelope(res, 403);
      expectErrorEnvelope(await stack.http.post('/api/photos/upload').send({ guid: newGuid(), data: 'x' }), 401);
    });
  });
});
