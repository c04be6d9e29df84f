/**
 * SQL naming the suppliers the sweeps look at, as a CTE body answering `id`: the given ones (one array bind
 * parameter, `[...suppliers]`), or every supplier with bookings, by a loose index scan over the bookings list's
 * (supplier_id, date, id) index (one probe per supplier, never a scan of every booking). The sweeps then read
 * each supplier's rows as a range of that index.
 */
export function bookingSuppliersSql(suppliers?: readonly number[]): { sql: string; bindings: number[][] } {
  if (suppliers) return { sql: 'SELECT unnest(?::int[]) AS id', bindings: [[...suppliers]] };
  return {
    sql: `WITH RECURSIVE s(id) AS (
         (SELECT supplier_id FROM bookings ORDER BY supplier_id LIMIT 1)
         UNION ALL
         SELECT (SELECT b.supplier_id FROM bookings b WHERE b.supplier_id > s.id ORDER BY b.supplier_id LIMIT 1) FROM s WHERE s.id IS NOT NULL
       ) SELECT id FROM s WHERE id IS NOT NULL`,
    bindings: [],
  };
}
