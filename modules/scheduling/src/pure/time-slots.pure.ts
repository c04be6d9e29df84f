/**
 * The time slot helpers the browser shares with the server, in one import: the days-offered bitmask and its
 * multi-choice rule, slot times (HH:MM ⇄ minutes), and the slot and group rules with their messages.
 */
export * from './days-offered.pure';
export * from './time-of-day.pure';
export * from './time-slot-rules.pure';
