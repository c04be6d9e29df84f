/** Why a departure sells no more seats: shown to agents as they book (pure, shared with the frontend). */
export const SEAT_MESSAGES = {
  closed: 'This date is closed for sale',
  /** An OCTO reservation's hold expired (or was released) before it was extended or confirmed. */
  holdExpired: 'This reservation has expired',
  seatsLeft: (n: number) => (n <= 0 ? 'No places left' : n === 1 ? 'Only 1 place left' : `Only ${n} places left`),
} as const;
