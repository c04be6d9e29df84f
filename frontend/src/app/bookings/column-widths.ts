/**
 * A head-count column of the bookings lists (Ad, Ch, Inf, Foc): wide enough for the Russian titles (Взр, Дет,
 * Млад, Бесп) beside the sort icon; at 60 px they ended in '…' ('В…', 'М…'), at 80 px 'Млад' still did ('Мл…').
 */
export const COUNT_WIDTH = 90;
