/** Placeholder until the form-field demo lands. */
export function ControlsPage() {
  return null;
}
