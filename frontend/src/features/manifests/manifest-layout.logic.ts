import { timeRange } from '../../ui/format/day-format';

/**
 * A time slot as the manifest names it: its name with its hours, the hours said once. A name that already holds its
 * start ('Private 4x4 at 15:00') gets only what it lacks: its end when the name ends with the start
 * ('Private 4x4 at 15:00–21:00'), else nothing; a name without it gets the hours after it ('Late morning 11:00–13:00').
 */
export function slotLabel(name: string, start: number | null, end: number | null = null): string {
  const hours = timeRange(start, end);
  const from = timeRange(start, null);
  if (!hours || !from) return [name, hours].filter(Boolean).join(' ');
  // 15:00 is also written 15.00, and 09:00 as 9:00.
  const [hh, mm] = from.split(':');
  const said = new RegExp(`(?:^|\\D)0?${Number(hh)}[:.]${mm}(?!\\d)`).exec(name);
  if (!said) return [name, hours].filter(Boolean).join(' ');
  const endsWithStart = said.index + said[0].length === name.trimEnd().length;
  return endsWithStart && hours !== from ? `${name.trimEnd()}${hours.slice(from.length)}` : name;
}

export interface ScrollMetrics {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** Which sides of a sideways-scrolling box hide columns (a pixel of rounding aside). */
export function hiddenSides({ scrollLeft, scrollWidth, clientWidth }: ScrollMetrics): { left: boolean; right: boolean } {
  return { left: scrollLeft > 1, right: scrollLeft + clientWidth < scrollWidth - 1 };
}
