/**
 * The arrival's display status (spec 02 §4), one function for the server (lists, xlsx) and the browser.
 * Group info status: -1 Deleted, 0 Pending ('No Comm.'), 1 Did Not Attend, 2 Did Not Buy, 3 Purchased Diff. Name,
 * 4 Cancelled, 5 Purchased, 6 Non Tourist.
 */
export const GROUP_STATUS = { deleted: -1, pending: 0, didNotAttend: 1, didNotBuy: 2, purchasedDiffName: 3, cancelled: 4, purchased: 5, nonTourist: 6 } as const;

export const GROUP_STATUS_LABELS: Record<number, string> = {
  [-1]: 'Deleted',
  0: 'No Comm.',
  1: 'Did Not Attend',
  2: 'Did Not Buy',
  3: 'Purchased Diff. Name',
  4: 'Cancelled',
  5: 'Purchased',
  6: 'Non Tourist',
};

/** What a manager may set by hand; Purchased and Did Not Buy come from bookings and the tour date. */
export const CHOOSABLE_GROUP_STATUSES = [GROUP_STATUS.pending, GROUP_STATUS.purchasedDiffName, GROUP_STATUS.cancelled, GROUP_STATUS.nonTourist] as const;
/** The status filter: the choosable ones plus Purchased and Deleted. */
export const FILTER_GROUP_STATUSES = [GROUP_STATUS.pending, GROUP_STATUS.purchasedDiffName, GROUP_STATUS.cancelled, GROUP_STATUS.nonTourist, GROUP_STATUS.purchased, GROUP_STATUS.deleted] as const;

/** Communication flags (bitmask): the initiated ones are below 16, the responded ones 16 and up. */
export const COMMUNICATION_FLAGS = {
  callInitiated: 1,
  meetInitiated: 2,
  messengerInitiated: 4,
  letterInitiated: 8,
  callResponded: 16,
  meetResponded: 32,
  messengerResponded: 64,
  letterResponded: 128,
} as const;
export const COMMUNICATION_FLAG_VALUES: readonly number[] = Object.values(COMMUNICATION_FLAGS);
export const RESPONDED_FROM = 16;

export interface ArrivalStatusInput {
  isDeleted: boolean;
  numberOfBookings: number;
  /** The group info's status; null when the group has no group info yet. */
  groupStatus: number | null;
  /** The OR of every flag logged for the group (0: none). */
  communicationStatus: number;
  /** The guest's departure (YYYY-MM-DD) and today (Dubai): a pending group gone without a booking did not buy. */
  departureDate?: string | null;
  today?: string;
}

export interface ArrivalDisplayStatus {
  /** The status number the filter matches (-1..6). */
  status: number;
  label: string;
  /** Set when the label is '{n} Booking(s)': the link to the group's bookings. */
  bookings: number | null;
}

/**
 * The stored part: deleted, purchased (bookings), else the group's status. Read with `today`, a pending group whose
 * guest has left without a booking is Did Not Buy (the tour date has passed): the list's SQL says the same
 * (DID_NOT_BUY_SQL in read-models/src/arrivals/arrivals.queries.ts).
 */
export function arrivalStatusNumber(a: Pick<ArrivalStatusInput, 'isDeleted' | 'numberOfBookings' | 'groupStatus' | 'departureDate' | 'today'>): number {
  if (a.isDeleted) return GROUP_STATUS.deleted;
  if (a.numberOfBookings > 0) return GROUP_STATUS.purchased;
  const status = a.groupStatus ?? GROUP_STATUS.pending;
  if (status === GROUP_STATUS.pending && a.today && a.departureDate && a.departureDate < a.today) return GROUP_STATUS.didNotBuy;
  return status;
}

export function arrivalDisplayStatus(a: ArrivalStatusInput): ArrivalDisplayStatus {
  const status = arrivalStatusNumber(a);
  if (status === GROUP_STATUS.deleted) return { status, label: GROUP_STATUS_LABELS[status]!, bookings: null };
  if (a.numberOfBookings > 0) return { status, label: `${a.numberOfBookings} Booking(s)`, bookings: a.numberOfBookings };
  if (status < GROUP_STATUS.purchasedDiffName && a.communicationStatus > 0) {
    return { status, label: a.communicationStatus < RESPONDED_FROM ? 'Comm. Initiated' : 'Comm. Resp.', bookings: null };
  }
  return { status, label: GROUP_STATUS_LABELS[status] ?? GROUP_STATUS_LABELS[0]!, bookings: null };
}

/** Phone numbers are shown hidden: the first 7 characters and an ellipsis, per number (spec 02 §2, §9). */
export const PHONE_VISIBLE_CHARS = 7;
export function maskPhone(phone: string): string {
  const p = phone.trim();
  return p.length > PHONE_VISIBLE_CHARS ? `${p.slice(0, PHONE_VISIBLE_CHARS)}…` : p;
}
export function maskPhones(phones: readonly string[]): string {
  return phones.map(maskPhone).filter(Boolean).join(', ');
}
/** A group's phone numbers: at most this many (the group info's input rule, arrivals.inputs.ts)… */
export const GROUP_PHONES_MAX = 20;
/** …each at most this long. */
export const GROUP_PHONE_MAX_LENGTH = 50;

/** Why a group's phone numbers cannot be saved, for the screens to say before the server refuses them; null when they can. */
export function groupPhonesProblem(phones: readonly string[]): 'tooLong' | 'tooMany' | null {
  if (phones.some((p) => p.length > GROUP_PHONE_MAX_LENGTH)) return 'tooLong';
  return phones.length > GROUP_PHONES_MAX ? 'tooMany' : null;
}

/** The phone cell's text as typed ('a, b; c') → the numbers. */
export function splitPhones(text: string): string[] {
  return text.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean);
}

/** In House: arrived on or before the day and leaving on or after it (dates YYYY-MM-DD, Dubai business days). */
export function isInHouse(a: { arrivalDate: string | null; departureDate: string | null }, today: string): boolean {
  return !!a.arrivalDate && !!a.departureDate && a.arrivalDate <= today && today <= a.departureDate;
}
