/**
 * The limits every input keeps, so that nothing a client sends can be refused later by Postgres or a projection
 * (which would answer 500, or park a read model's item). Ids, counts and dates share their limits with the event
 * schemas, which refuse the same values as the last gate.
 */
export { DATE_MAX_YEAR, DATE_MIN_YEAR, isDateInRange, PG_INT_MAX } from '@tbo/event-schemas';

/**
 * Most ids a filter's list may hold (`tourIds=1,2,…`): each id is a bind parameter of the query, and Postgres takes
 * at most 65,535 in one statement (past it the driver fails and the answer would be 500). No screen sends more.
 */
export const ID_LIST_MAX = 1000;

/** Deepest nesting a request body may have: our deepest form (tour → itineraries → stops → field) needs 5. */
export const MAX_BODY_DEPTH = 32;

/** Longest cancellation notice a policy row may give, in hours (one year). */
export const MAX_CANCELLATION_HOURS = 8760;
