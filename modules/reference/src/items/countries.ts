import data from './data/countries.json';

/**
 * The ISO 3166-1 country list (249 entries; names from Debian's iso-codes, the common name where
 * one exists). A country's id is its ISO numeric code, so ids are stable across installations.
 */
export const ISO_COUNTRIES: readonly { id: number; code: string; name: string }[] = data;
