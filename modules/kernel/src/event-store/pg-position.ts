/**
 * A Postgres store position is the pair (transaction_id, global_position), written "tx:pos".
 * Order is by transaction first: see postgres-event-store.ts for why.
 */
export interface PgPosition {
  tx: bigint;
  pos: bigint;
}

export const START: PgPosition = { tx: 0n, pos: 0n };

export function formatPgPosition(p: PgPosition): string {
  return `${p.tx}:${p.pos}`;
}

export function parsePgPosition(s: string | null): PgPosition {
  if (s === null || s === '') return START;
  const m = /^(\d{1,20}):(\d{1,20})$/.exec(s);
  if (!m) throw new Error(`Invalid position '${s}'`);
  return { tx: BigInt(m[1]!), pos: BigInt(m[2]!) };
}

export function comparePgPositions(a: string | null, b: string | null): number {
  const x = parsePgPosition(a);
  const y = parsePgPosition(b);
  if (x.tx !== y.tx) return x.tx < y.tx ? -1 : 1;
  if (x.pos !== y.pos) return x.pos < y.pos ? -1 : 1;
  return 0;
}
