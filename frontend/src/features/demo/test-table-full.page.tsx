/** Placeholder until the data table demo lands. */
export function TestTableFullPage() {
  return null;
}
