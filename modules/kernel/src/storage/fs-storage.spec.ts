import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { FsFileStorage } from './fs-storage';
import { assertStorageKey, InvalidStorageKeyError } from './storage.port';

describe('FsFileStorage', () => {
  let root: string;
  let storage: FsFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tbo-fs-storage-'));
    storage = new FsFileStorage(root);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A stream that yields some bytes and then breaks, like an upload cut off halfway. */
  function brokenStream(chunks: string[]): Readable {
    return Readable.from(
      (async function* () {
        for (const chunk of chunks) yield Buffer.from(chunk);
        throw new Error('connection reset');
      })(),
    );
  }

  it('puts a buffer, then gets, stats and deletes it', async () => {
    await storage.put('photos/17/big.webp', Buffer.from('hello'), 'image/webp');

    expect(await readFile(join(root, 'photos', '17', 'big.webp'), 'utf8')).toBe('hello');
    expect(await storage.stat('photos/17/big.webp')).toEqual({ size: 5 });
    expect(await storage.exists('photos/17/big.webp')).toBe(true);
    const stream = await storage.get('photos/17/big.webp');
    expect(stream).not.toBeNull();
    expect(await text(stream!)).toBe('hello');

    await storage.delete('photos/17/big.webp');
    expect(await storage.exists('photos/17/big.webp')).toBe(false);
    expect(await storage.get('photos/17/big.webp')).toBeNull();
    expect(await storage.stat('photos/17/big.webp')).toBeNull();
  });

  it('puts a stream and replaces an existing file', async () => {
    await storage.put('docs/invoice.pdf', Buffer.from('old'));
    await storage.put('docs/invoice.pdf', Readable.from([Buffer.from('new '), Buffer.from('content')]));

    expect(await text((await storage.get('docs/invoice.pdf'))!)).toBe('new content');
    expect(await storage.stat('docs/invoice.pdf')).toEqual({ size: 11 });
    expect(await readdir(join(root, 'docs'))).toEqual(['invoice.pdf']);
  });

  it('treats missing keys as absent and deleting them as done', async () => {
    expect(await storage.get('nothing/here.txt')).toBeNull();
    expect(await storage.stat('nothing/here.txt')).toBeNull();
    expect(await storage.exists('nothing/here.txt')).toBe(false);
    await expect(storage.delete('nothing/here.txt')).resolves.toBeUndefined();
  });

  it('does not report a directory as a file', async () => {
    await storage.put('photos/17/big.webp', Buffer.from('x'));

    expect(await storage.stat('photos/17')).toBeNull();
    expect(await storage.get('photos/17')).toBeNull();
    // A key below an existing file (ENOTDIR) is absent too.
    expect(await storage.stat('photos/17/big.webp/more')).toBeNull();
  });

  it.each(['../x', '/abs', 'a/../../x', 'photos/..', 'a//b', 'a/', '', 'a\\b', 'a b', 'photos/.hidden', 'ü.txt'])(
    'refuses the key %p',
    async (key) => {
      expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    },
  );

  it('accepts ordinary keys', () => {
    for (const key of ['photos/17/big.webp', 'a', 'docs/2024-05/INV_001.pdf', 'x.y.z']) {
      expect(() => assertStorageKey(key)).not.toThrow();
    }
  });

  it('leaves no file under the key when a stream write fails', async () => {
    await expect(storage.put('docs/voucher.pdf', brokenStream(['half ', 'written']))).rejects.toThrow('connection reset');

    expect(await storage.exists('docs/voucher.pdf')).toBe(false);
    // Neither the real name nor a temporary file is left behind.
    expect(await readdir(join(root, 'docs'))).toEqual([]);
  });

  it('shows nothing under the key while a write is in progress', async () => {
    // State at the moment a process would be killed mid-write: only a temporary dot file exists.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstChunkWritten!: () => void;
    const halfway = new Promise<void>((resolve) => (firstChunkWritten = resolve));
    const source = Readable.from(
      (async function* () {
        yield Buffer.from('first half ');
        firstChunkWritten();
        await gate;
        yield Buffer.from('second half');
      })(),
    );

    const writing = storage.put('docs/ticket.pdf', source);
    await halfway;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storage.exists('docs/ticket.pdf')).toBe(false);
    expect(await readdir(join(root, 'docs'))).toEqual([expect.stringMatching(/^\.ticket\.pdf\.[0-9a-f]+\.tmp$/)]);

    release();
    await writing;
    expect(await text((await storage.get('docs/ticket.pdf'))!)).toBe('first half second half');
    expect(await readdir(join(root, 'docs'))).toEqual(['ticket.pdf']);
  });

  it('keeps the previous content when replacing it fails', async () => {
    await storage.put('docs/voucher.pdf', Buffer.from('complete'));

    await expect(storage.put('docs/voucher.pdf', brokenStream(['trunc']))).rejects.toThrow('connection reset');
    await expect(storage.put('docs/voucher.pdf', brokenStream([]))).rejects.toThrow('connection reset');

    expect(await text((await storage.get('docs/voucher.pdf'))!)).toBe('complete');
    expect(await readdir(join(root, 'docs'))).toEqual(['voucher.pdf']);
  });

  it('resolves a relative root against the working directory', async () => {
    const relativeStorage = new FsFileStorage(relative(process.cwd(), join(root, 'nested')));
    await relativeStorage.put('a.txt', Buffer.from('a'));

    expect(await readFile(join(root, 'nested', 'a.txt'), 'utf8')).toBe('a');
  });
});
