import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { KNEX } from '@tbo/kernel';
import { findSupplierProfile } from '@tbo/read-models';
import type { Capabilities } from '../octo-capabilities';

const orNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** OCTO Supplier: the caller's supplier, with its customer support contact and address from its profile. */
@Injectable()
export class OctoSupplier {
  constructor(@Inject(KNEX) private readonly db: Knex) {}

  async of(supplierId: number, origin: string, caps: Capabilities): Promise<Record<string, unknown>> {
    const [supplier, profile] = await Promise.all([
      this.db('suppliers').select('name').where({ id: supplierId }).first<{ name: string } | undefined>(),
      findSupplierProfile(this.db, supplierId),
    ]);
    const core = (profile?.core ?? {}) as { name?: string; address?: string };
    const support = ((profile?.contacts ?? {}) as { customerSupport?: { primary?: { phone?: string; email?: string } } }).customerSupport?.primary ?? {};
    const answer: Record<string, unknown> = {
      id: String(supplierId),
      name: orNull(core.name) ?? supplier?.name ?? `Supplier ${supplierId}`,
      endpoint: `${origin}/octo`,
      contact: { website: null, email: orNull(support.email), telephone: orNull(support.phone), address: orNull(core.address) },
    };
    if (caps.content) Object.assign(answer, { shortDescription: null, media: [] });
    return answer;
  }
}
