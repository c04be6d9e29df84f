/** Why a departure sells no more seats: shown to agents as they book (pure, shared with the frontend). */
export const SEAT_MESSAGES = {
  closed: 'This date is closed for sale',
  seatsLeft: (n: number) => (n <= 0 ? 'No places left' : n === 1 ? 'Only 1 place left' : `Only ${n} places left`),
} as const;
