// Times of day are one pure file shared with the server (itinerary stops, time slots, pick-up windows).
export * from '@tbo/kernel/src/pure/time-of-day.pure';
