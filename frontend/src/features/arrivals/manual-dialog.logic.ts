/** The fields an arrival entered by hand cannot go without (spec 02: 'Pax Id is required', 'Tourist name is required'). */
export const REQUIRED_MANUAL_FIELDS = ['paxId', 'touristName'] as const;
export type RequiredManualField = (typeof REQUIRED_MANUAL_FIELDS)[number];

/** The required fields left empty, in the form's order; blanks count as empty (the server trims them). */
export function missingManualFields(values: Readonly<Record<RequiredManualField, string>>): RequiredManualField[] {
  return REQUIRED_MANUAL_FIELDS.filter((k) => !values[k].trim());
}

/**
 * The message key of each missing field the user has been told about: a field once left (blurred), or every one
 * after a Save was tried. A field not yet visited stays quiet, so an opened dialog is not all red.
 */
export function manualFieldErrors(
  values: Readonly<Record<RequiredManualField, string>>,
  visited: ReadonlySet<RequiredManualField>,
  saveTried: boolean,
): Partial<Record<RequiredManualField, `manual.required.${RequiredManualField}`>> {
  const shown: Partial<Record<RequiredManualField, `manual.required.${RequiredManualField}`>> = {};
  for (const k of missingManualFields(values)) if (saveTried || visited.has(k)) shown[k] = `manual.required.${k}`;
  return shown;
}
