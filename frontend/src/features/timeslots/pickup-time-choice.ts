/**
 * A group's or a slot's pick-up time as its form may show it. A pick-up time deleted since it was chosen is no
 * longer among the options: the native select would show another choice than the one kept, and the form would
 * send back an id nobody can see. Such an id becomes no pick-up time (null), which the page says beside the field.
 * Pure, unit-tested in pickup-time-choice.spec.ts.
 */

/** True when `id` is set, the options have loaded, and none of them is it. */
export function isGonePickUpTime(id: number | null | undefined, options: readonly { value: number }[] | undefined): boolean {
  if (id === null || id === undefined || !options) return false;
  return !options.some((o) => o.value === id);
}
