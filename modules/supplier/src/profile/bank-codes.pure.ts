/**
 * The business profile's bank codes, checked where a typo would send an agency's payment astray: the IBAN (ISO
 * 13616: country, check digits, account; the check digits must hold, mod 97) and the SWIFT/BIC (ISO 9362: bank,
 * country, location, optional branch). Spaces are allowed as people group them. Pure: the admin form checks the
 * same before saving.
 */

export const BANK_CODE_MESSAGES = {
  iban: 'Enter a valid IBAN: 2 letters, 2 check digits and up to 30 letters and digits (e.g. AE07 0331 2345 6789 0123 456)',
  swift: 'Enter a valid SWIFT/BIC code: 8 or 11 letters and digits (e.g. EBILAEAD)',
} as const;

const compact = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** True for '' (none given) or a well-formed IBAN whose check digits hold. */
export function isIbanOrBlank(value: string): boolean {
  const s = compact(value);
  if (s === '') return true;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  // Move the first four to the end, letters become 10..35, and the number mod 97 must be 1 (taken digit by digit).
  let rest = 0;
  for (const c of s.slice(4) + s.slice(0, 4)) {
    for (const d of String(parseInt(c, 36))) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** True for '' or a SWIFT/BIC code: 4 letters (bank), 2 letters (country), 2 letters or digits, optionally 3 more. */
export function isSwiftOrBlank(value: string): boolean {
  const s = compact(value);
  return s === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(s);
}
