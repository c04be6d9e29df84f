/**
 * The agent lists' free text looks in eight columns of a booking. The bookings table keeps them, lower-cased and
 * joined by a separator, in one generated column (`search_text`), so the agency's index carries it and a list or
 * its count filters without reading the table. Typed text is matched literally (`%` and `_` escaped), so text
 * without the separator can only match inside one column, exactly as eight ORed matches would.
 */

/**
 * ASCII unit separator: no column a booking shows holds it, and the API refuses it in any text (the input boundary
 * refuses control characters). A caller of the query that passes it anyway gets the column-by-column way.
 */
export const SEARCH_SEPARATOR = '\u001f';

const col = (alias: string, name: string) => (alias ? `${alias}.${name}` : name);

/** The hotel a booking shows: the custom hotel's name when there is one, else the listed hotel's. */
export const HOTEL_SQL = (alias: string): string => `coalesce(nullif(${col(alias, 'custom_hotel_name')}, ''), ${col(alias, 'hotel_name')})`;

/** The free text's columns, as SQL over the row alias ('' for the table's own columns). */
export const SEARCH_COLUMNS = (alias: string): string[] => [
  col(alias, 'guest_name'),
  col(alias, 'voucher'),
  col(alias, 'room'),
  col(alias, 'tel'),
  col(alias, 'tour_name'),
  col(alias, 'offer_name'),
  HOTEL_SQL(alias),
  col(alias, 'notes'),
];

/** The generated column's expression (every part NOT NULL, so the concatenation never is). */
export const SEARCH_TEXT_SQL = `lower(${SEARCH_COLUMNS('').join(` || E'\\x1f' || `)})`;
