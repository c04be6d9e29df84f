/**
 * A departure's slot as the reports write it, on screen and in their sheets: its start, then its name ('15:00
 * Afternoon safari'); the start once when the name already holds it ('Private 4x4 at 15:00', '15.00 Dinner',
 * 'Sunrise 9:00 pick-up' stay as they are).
 */
export function slotLabel(startTime: number | null | undefined, name: string | null | undefined): string {
  const slot = (name ?? '').trim();
  if (startTime === null || startTime === undefined || !Number.isFinite(startTime)) return slot;
  const hh = Math.floor(startTime / 60);
  const mm = String(startTime % 60).padStart(2, '0');
  const from = `${String(hh).padStart(2, '0')}:${mm}`;
  // 15:00 is also written 15.00, and 09:00 as 9:00; 115:00 is not 15:00.
  const said = new RegExp(`(?:^|\\D)0?${hh}[:.]${mm}(?!\\d)`).test(slot);
  return said || !from ? slot : [from, slot].filter(Boolean).join(' ');
}
