import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id with OWASP's baseline parameters (Password Storage Cheat Sheet): 19 MiB of memory,
 * 2 passes, 1 lane. About 80–100 ms per hash or verify on one core of our 2-core machines, and
 * 19 MiB per sign-in in flight, so a burst of sign-ins cannot exhaust memory. The parameters are
 * in each hash (PHC string), so raising them later only affects new hashes.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password and for a hash that cannot be read, never throws. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * The same work as verify() against a hash no password matches: sign-in runs it for an email
   * nobody has, so the answer takes as long as for a wrong password and does not tell which
   * emails exist.
   */
  async verifyNobody(password: string): Promise<false> {
    this.dummy ??= this.hash(`nobody-${Math.random()}-${Date.now()}`);
    await this.verify(await this.dummy, password);
    return false;
  }
}
