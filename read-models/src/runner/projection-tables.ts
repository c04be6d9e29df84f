import type { Knex } from 'knex';
import type { Projection } from './projection';

export function physicalTable(table: string, generation: number): string {
  return `${table}_g${generation}`;
}

export function tableResolver(projection: Projection, generation: number): (name: string) => string {
  return (name) => {
    if (!(name in projection.tables)) throw new Error(`Projection ${projection.name} has no table '${name}'`);
    return physicalTable(name, generation);
  };
}

export async function createGenerationTables(trx: Knex.Transaction, projection: Projection, generation: number): Promise<void> {
  const table = tableResolver(projection, generation);
  for (const [name, define] of Object.entries(projection.tables)) {
    await trx.schema.dropTableIfExists(table(name));
    await trx.schema.createTable(table(name), define);
  }
  await projection.afterCreate?.(trx, table);
}

/** Points each logical view at the generation's tables; in the caller's transaction, so the switch is atomic. */
export async function pointViewsAt(trx: Knex.Transaction, projection: Projection, generation: number): Promise<void> {
  for (const name of Object.keys(projection.tables)) {
    await trx.raw('DROP VIEW IF EXISTS ??', [name]);
    await trx.raw('CREATE VIEW ?? AS SELECT * FROM ??', [name, physicalTable(name, generation)]);
  }
}

export async function dropGenerationTables(db: Knex, projection: Projection, generation: number): Promise<void> {
  for (const name of Object.keys(projection.tables)) {
    await db.schema.dropTableIfExists(physicalTable(name, generation));
  }
}
