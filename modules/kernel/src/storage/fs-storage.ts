import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage } from './storage.port';

/**
 * FileStorage on a local directory (STORAGE_DIR).
 *
 * Writes go to a temporary dot file in the target's own directory and are renamed over the key
 * only once complete. rename() within one filesystem is atomic, so a crash or a failed upload
 * never leaves a truncated file under a real key; at worst a `.name.<random>.tmp` file remains,
 * which no valid key can name. The data is flushed to disk before the rename so a power loss
 * cannot leave the new name pointing at unwritten blocks. contentType is not stored: readers of
 * the filesystem derive it from the key's extension.
 */
export class FsFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, data: Buffer | Readable, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    const dir = dirname(target);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      // 'wx': fail rather than share a temp file if the random names ever collide.
      if (Buffer.isBuffer(data)) await writeFile(temp, data, { flag: 'wx', flush: true });
      else await pipeline(data, createWriteStream(temp, { flags: 'wx', flush: true }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    // Opening first, rather than checking then streaming, turns a missing file into null instead
    // of a stream that errors later, and keeps the file readable even if it is replaced meanwhile.
    const handle = await open(this.pathOf(key), 'r').catch(nullIfMissing);
    if (!handle) return null;
    try {
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream();
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const info = await stat(this.pathOf(key)).catch(nullIfMissing);
    return info?.isFile() ? { size: info.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    // Empty parent directories stay: removing them could race a concurrent put into them.
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, ...key.split('/'));
    // The key check already rules this out; this guards against a future change to it.
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key "${key}" resolves outside the storage root`);
    return path;
  }
}

function nullIfMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
